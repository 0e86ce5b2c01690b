import { BRANDING_PREVIEW_PARAM } from '../../../sdk/contract/branding-preview-param'

/** Whether this page is the console's branding preview: framed, and opened with ?branding_preview. */
export function isBrandingPreview(win: Window = window): boolean {
  try {
    return win.parent !== win && new URLSearchParams(win.location.search).has(BRANDING_PREVIEW_PARAM)
  } catch {
    return false
  }
}

/**
 * A name for one of the site's landmarks while it is the console's branding preview: the console has
 * its own banner and main, and landmarks must stay told apart across the frame (axe landmark-unique).
 * Undefined on the site itself.
 */
export const previewLandmarkLabel = (name: string, win: Window = window) => (isBrandingPreview(win) ? `Preview: ${name}` : undefined)
