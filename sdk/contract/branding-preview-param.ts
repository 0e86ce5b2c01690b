/**
 * The query parameter that puts the site in the console's branding preview (branding-preview.ts), alone
 * in its module: the site's first script reads it on every page, the rest only loads in the preview.
 */
export const BRANDING_PREVIEW_PARAM = 'branding_preview'
