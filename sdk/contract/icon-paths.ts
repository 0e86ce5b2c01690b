/**
 * The path data of the stroke icons a site page's first screen shows (24px grid): the widgets draw them
 * (widgets/src/ui/icons.tsx) and the worker writes the same icons into the page it sends
 * (worker/src/features/site/first-screen.ts). One constant each, so a bundle keeps only those it
 * draws. No zod here.
 */
export const SPARK_PATH = 'M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6'
export const MENU_PATH = 'M4 7h16M4 12h16M4 17h16'
export const ARROW_RIGHT_PATH = 'M5 12h14M12 5l7 7-7 7'
export const EXTERNAL_PATH = 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5'
