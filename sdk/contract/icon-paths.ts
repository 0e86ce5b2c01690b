/**
 * The path data of the stroke icons a site page's first screen shows (24px grid): the widgets draw them
 * (widgets/src/ui/icon.tsx, icons.tsx) and the worker writes the same icons into the page it sends
 * (worker/src/features/site/first-screen.ts). The tiles' icon alone here: it is in the partner
 * elements' core chunk, the others only in the chunk of the elements that draw them
 * (icon-paths-more.ts). No zod here.
 */
export const SPARK_PATH = 'M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6'
