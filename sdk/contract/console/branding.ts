import * as z from 'zod'

/**
 * Program settings: branding (admin-console-part-b.md sections 2, 3 and 5): the style keys of
 * program_template_detail.element_css_style, the images and hero texts, and the program's custom CSS.
 * The console's form and the worker's PUT .../template_details validate with the same schema.
 */

/** Every colour key of section 3, in the order the form shows them; all are required. */
export const BRANDING_COLOR_KEYS = [
  'perk-primary',
  'perk-primary-content',
  'perk-secondary',
  'perk-secondary-content',
  'perk-body-background',
  'perk-body-content',
  'perk-header-color',
  'perk-header-content-color',
  'perk-header-title-color',
  'perk-challenge-tile-background',
  'perk-reward-tile-background-color',
  'perk-footer-color',
  'perk-footer-content-color',
] as const
export type BrandingColorKey = (typeof BRANDING_COLOR_KEYS)[number]

/** Text colours and the background each is read on: WCAG AA asks 4.5:1 for normal text. */
export const CONTRAST_PAIRS: readonly { content: BrandingColorKey; background: BrandingColorKey }[] = [
  { content: 'perk-primary-content', background: 'perk-primary' },
  { content: 'perk-secondary-content', background: 'perk-secondary' },
  { content: 'perk-body-content', background: 'perk-body-background' },
  { content: 'perk-header-content-color', background: 'perk-header-color' },
  { content: 'perk-header-title-color', background: 'perk-header-color' },
  { content: 'perk-body-content', background: 'perk-challenge-tile-background' },
  { content: 'perk-body-content', background: 'perk-reward-tile-background-color' },
  { content: 'perk-footer-content-color', background: 'perk-footer-color' },
]

/** The border radius keys (widgets/src/ui/branding.ts turns each option into px). */
export const BORDER_KEYS = ['border-radius-button', 'border-radius-input', 'border-radius-tiles', 'border-radius-cards'] as const
export type BorderKey = (typeof BORDER_KEYS)[number]
export const BORDER_RADII = ['none', 'small', 'medium', 'large', 'full'] as const
export type BorderRadius = (typeof BORDER_RADII)[number]

export const THEMES = ['light', 'dark'] as const

/** The image fields of program_template_detail; all but the badge background are required. */
export const BRANDING_IMAGE_KEYS = ['favicon_file', 'header_logo', 'footer_logo', 'overlay_image', 'header_background_image', 'badge_background_image'] as const
export type BrandingImageKey = (typeof BRANDING_IMAGE_KEYS)[number]

/** The most custom CSS kept per program. */
export const CUSTOM_CSS_MAX = 50_000

export const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i

const COLOR_LABELS: Record<BrandingColorKey, string> = {
  'perk-primary': 'Primary',
  'perk-primary-content': 'Primary content',
  'perk-secondary': 'Secondary',
  'perk-secondary-content': 'Secondary content',
  'perk-body-background': 'Body background',
  'perk-body-content': 'Body content',
  'perk-header-color': 'Header color',
  'perk-header-content-color': 'Header content color',
  'perk-header-title-color': 'Header title color',
  'perk-challenge-tile-background': 'Challenge tile background',
  'perk-reward-tile-background-color': 'Reward tile background color',
  'perk-footer-color': 'Footer color',
  'perk-footer-content-color': 'Footer content color',
}
export const colorLabel = (key: BrandingColorKey) => COLOR_LABELS[key]

const hexColor = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .regex(HEX_COLOR, `${label} must be a valid hex color`)

/** A root-relative path on our origin (a media library file) or an https URL; never `//host`. */
export const IMAGE_URL = /^(?:\/(?!\/)[^\s\\]*|https:\/\/[^\s\\]+)$/i

const image = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(2048, `${label} must be at most 2048 characters`)
    .regex(IMAGE_URL, `${label} must be a media library path or an https URL`)

const optionalImage = (label: string) =>
  z
    .union([z.literal('').transform(() => null), z.null(), image(label)])
    .optional()
    .transform((v) => v ?? null)

const radius = (label: string) => z.enum(BORDER_RADII, { error: `${label} must be one of ${BORDER_RADII.join(', ')}` })
const font = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`)
    .regex(/^[\w \-.,'"]+$/, `${label} must be a font family name`)

export const elementCssStyleWriteSchema = z.object({
  ...(Object.fromEntries(BRANDING_COLOR_KEYS.map((k) => [k, hexColor(COLOR_LABELS[k])])) as Record<BrandingColorKey, ReturnType<typeof hexColor>>),
  'border-radius-button': radius('Button border'),
  'border-radius-input': radius('Input border'),
  'border-radius-tiles': radius('Tiles border'),
  'border-radius-cards': radius('Cards border'),
  header_font: font('Header font'),
  body_font: font('Body font'),
  theme: z.enum(THEMES, { error: 'Theme must be light or dark' }).default('light'),
})

/** PUT .../template_details: the whole branding of a program (update_template_details). */
export const brandingWriteSchema = z.object({
  element_css_style: elementCssStyleWriteSchema,
  favicon_file: image('Favicon'),
  header_logo: image('Header logo'),
  footer_logo: image('Footer logo'),
  overlay_image: image('Overlay image'),
  header_background_image: image('Hero background'),
  badge_background_image: optionalImage('Badge background'),
  header_text: z.string({ error: 'Hero title is required' }).trim().min(1, 'Hero title is required').max(200, 'Hero title must be at most 200 characters'),
  header_description: z
    .string({ error: 'Hero description is required' })
    .trim()
    .min(1, 'Hero description is required')
    .max(1000, 'Hero description must be at most 1000 characters'),
  css: z
    .string({ error: 'CSS must be text' })
    .max(CUSTOM_CSS_MAX, `CSS must be at most ${CUSTOM_CSS_MAX} characters`)
    .nullish()
    .transform((v) => v ?? ''),
})
export type BrandingWrite = z.input<typeof brandingWriteSchema>
export type BrandingValues = z.output<typeof brandingWriteSchema>

/**
 * GET .../template_details: the saved branding as the form edits it. A program not yet branded has
 * empty strings where nothing is saved (the form asks for them).
 */
export const brandingSchema = z.object({
  element_css_style: z.record(z.string(), z.string()),
  favicon_file: z.string().nullable(),
  header_logo: z.string().nullable(),
  footer_logo: z.string().nullable(),
  overlay_image: z.string().nullable(),
  header_background_image: z.string().nullable(),
  badge_background_image: z.string().nullable(),
  header_text: z.string().nullable(),
  header_description: z.string().nullable(),
  css: z.string(),
})
export type Branding = z.infer<typeof brandingSchema>
/** GET .../template_details: the branding and the address of the participant home in preview mode. */
export const brandingResponseSchema = z.object({ data: brandingSchema, preview_url: z.string() })
export type BrandingResponse = z.infer<typeof brandingResponseSchema>

/** What the sanitizer removed from custom CSS, one readable line each (`@import url(https://…)`). */
export const cssRemovedSchema = z.array(z.string())

export const brandingSavedSchema = z.object({ success: z.literal(true), data: brandingSchema, css_removed: cssRemovedSchema })
export type BrandingSaved = z.infer<typeof brandingSavedSchema>

/**
 * POST .../template_details/preview: the unsaved form (anything it holds; nothing is stored) ->
 * the custom CSS as it would be stored, and the sign-in e-mail rendered with the draft colours and logo.
 */
export const brandingPreviewRequestSchema = z.object({
  element_css_style: z.record(z.string(), z.string().max(200)).default({}),
  header_logo: z.string().max(2048).nullish(),
  css: z.string().max(CUSTOM_CSS_MAX, `CSS must be at most ${CUSTOM_CSS_MAX} characters`).nullish(),
})
export type BrandingPreviewRequest = z.input<typeof brandingPreviewRequestSchema>
export const brandingPreviewSchema = z.object({
  css: z.string(),
  css_removed: cssRemovedSchema,
  email: z.object({ subject: z.string(), html: z.string() }),
})
export type BrandingPreview = z.infer<typeof brandingPreviewSchema>

/**
 * GET .../fonts: the curated fonts served from the product's origin (sdk/contract/fonts.ts), each with
 * its files: one variable file covering a weight range (`400 800`), or a static family's one per weight.
 */
export const brandingFontSchema = z.object({ family: z.string(), files: z.array(z.object({ weight: z.string(), url: z.string() })) })
export const brandingFontsSchema = z.object({ data: z.array(brandingFontSchema) })
export type BrandingFont = z.infer<typeof brandingFontSchema>

export { BRANDING_PREVIEW_MESSAGE, BRANDING_PREVIEW_READY, type BrandingPreviewMessage } from '../branding-preview'

/**
 * The look a program starts from: the console's branding form for a program never branded, and the
 * seed's programs (each with its own primary color).
 */
export const DEFAULT_BRAND_STYLE: Readonly<Record<string, string>> = {
  'perk-primary': '#4f46e5',
  'perk-primary-content': '#ffffff',
  'perk-secondary': '#f59e0b',
  'perk-secondary-content': '#1f1300',
  'perk-body-background': '#f7f7fb',
  'perk-body-content': '#1d1d2b',
  'perk-header-color': '#17153b',
  'perk-header-content-color': '#ffffff',
  'perk-header-title-color': '#ffffff',
  'perk-challenge-tile-background': '#ffffff',
  'perk-reward-tile-background-color': '#ffffff',
  'perk-footer-color': '#17153b',
  'perk-footer-content-color': '#d8d6f5',
  'border-radius-button': 'full',
  'border-radius-input': 'medium',
  'border-radius-tiles': 'large',
  'border-radius-cards': 'large',
  header_font: 'Poppins',
  body_font: 'Inter',
  theme: 'light',
}
