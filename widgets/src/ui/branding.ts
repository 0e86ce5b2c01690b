/**
 * Program branding on a page's element (the hosted site's root, the console's live preview). The rules
 * themselves are sdk/contract/branding.ts, shared with the server, which sends embedded widgets their
 * host style ready to use (PublicProgram.widget_host_style).
 */
import { brandingVariables } from '../../../sdk/contract/branding'

export { brandingVariables } from '../../../sdk/contract/branding'

/** Writes the variables on an element (document.documentElement for the site, a shadow host for widgets). */
export function applyBranding(target: HTMLElement, style: Record<string, string> | null | undefined) {
  for (const [name, value] of Object.entries(brandingVariables(style))) target.style.setProperty(name, value)
  if (style?.theme === 'dark' || style?.theme === 'light') target.style.colorScheme = style.theme
}
