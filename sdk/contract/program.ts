import * as z from 'zod'

export const featuresSchema = z.object({
  social_network_posts: z.boolean(),
  donation_challenge: z.boolean(),
  offers_reward: z.boolean(),
  otp_login: z.boolean(),
  receipts: z.boolean(),
  dynamic_feed_posts: z.boolean(),
  tiers: z.boolean(),
})
export type Features = z.infer<typeof featuresSchema>
export type FeatureName = keyof Features

export const elementCssStyleSchema = z.record(z.string(), z.string())

export const programTemplateDetailSchema = z.object({
  header_text: z.string().nullable(),
  header_description: z.string().nullable(),
  header_background_image: z.string().nullable(),
  header_logo: z.string().nullable(),
  footer_logo: z.string().nullable(),
  favicon_file: z.string().nullable(),
  element_css_style: elementCssStyleSchema,
})

export const publishedPageSchema = z.object({ id: z.number(), slug: z.string(), title: z.string() })
export const navigationMenuSchema = z.object({
  id: z.number(),
  name: z.string(),
  navigation_url: z.string(),
  show_in_tab: z.boolean(),
  show_on_logout: z.boolean(),
})

/**
 * The public program entity (participant-site.md section 3), enough for any client to render the site
 * chrome and the sign-in screens. The engine issue extends it (challenges_with_offer_rewards, ...).
 */
export const publicProgramSchema = z.object({
  id: z.number(),
  name: z.string(),
  public_key: z.string(),
  term_points_as: z.string(),
  term_rewards_as: z.string(),
  features: featuresSchema,
  override_enrollment: z.boolean(),
  program_custom_signin_url: z.string().nullable(),
  signup_challenge: z.object({ points: z.number() }).nullable(),
  published_program_pages: z.array(publishedPageSchema),
  navigation_menus: z.array(navigationMenuSchema),
  email_settings: z.array(z.object({ id: z.number(), description: z.string() })),
  program_template_detail: programTemplateDetailSchema,
  earn_points_icon: z.string().nullable(),
  current_rewards_icon: z.string().nullable(),
  my_rewards_icon: z.string().nullable(),
  prizes_title: z.string().nullable(),
  my_account_title: z.string().nullable(),
  /** The active membership challenge, if any (participant-site.md section 3). */
  membership_challenge: z.object({ id: z.number() }).nullable(),
  /** Challenges whose completion makes a participant eligible for offers, for the premium prompt. */
  challenges_with_offer_rewards: z.array(
    z.object({ id: z.number(), identifier: z.string(), caption: z.string(), challenge_type: z.string(), image: z.string().nullable(), icon: z.string().nullable() }),
  ),
  /** The partner page (an external site in an iframe); null when the program has none. */
  partner_config: z.object({ iframe_url: z.string(), title: z.string() }).nullable(),
  turnstile_site_key: z.string().nullable(),
  support_email: z.string().nullable(),
  terms: z.string().nullable(),
  /** The program's SEO title (console settings/seo): the home's document title when set. */
  seo_title: z.string().nullish(),
  /**
   * The program's custom CSS (console branding), sanitized on the server (no @import, no other
   * origin's url(), nothing that closes a <style>): the site serves it in a <style>; widgets adopt
   * `custom_css_widgets`, the same rules with document selectors (html, body, :root) made `:host`.
   */
  custom_css: z.string().default(''),
  custom_css_widgets: z.string().default(''),
  /**
   * The branding as an embedded widget's host element takes it (sdk/contract/branding.ts
   * `widgetHostStyle` of element_css_style): the `--perk-*` and other variables and the theme's colour
   * scheme, sanitized, ready for a `:host{...}` rule or a style attribute.
   */
  widget_host_style: z.string().default(''),
  /**
   * The curated web font files the branding's header and body fonts need (sdk/contract/fonts.ts
   * `programFonts`), root-relative on the Tessera origin: one per family, or for a family without a
   * variable cut one per weight its role uses. `weight` is a CSS font-weight (`400 800` for a variable
   * file). A partner page's elements add them to the document with the FontFace API.
   */
  font_faces: z.array(z.object({ family: z.string(), weight: z.string(), url: z.string() })).default([]),
  /**
   * The local fonts that stand in while those files load, scaled to their metrics (`<family> fallback
   * <local font>`, named in widget_host_style's font stacks), so the swap does not move the layout.
   */
  font_fallbacks: z
    .array(
      z.object({
        family: z.string(),
        src: z.string(),
        size_adjust: z.string(),
        ascent_override: z.string(),
        descent_override: z.string(),
        line_gap_override: z.string(),
      }),
    )
    .default([]),
  /** The program's social network pages (console integrations social-pages), linked in the site footer. */
  social_network_pages: z.array(z.object({ platform: z.enum(['instagram', 'facebook']), url: z.string() })).default([]),
  /** The photo contest (console integrations photo-contests) while it is active, else null: /photos shows it. */
  photo_contest: z.object({ external_program_id: z.string() }).nullish(),
})
export type PublicProgram = z.infer<typeof publicProgramSchema>

export { programRoutes as routes } from './paths'

/** GET /public/pages/{slug}: a published program page with its body. */
export const programPageSchema = z.object({ id: z.number(), slug: z.string(), title: z.string(), body: z.string() })
export type ProgramPageBody = z.infer<typeof programPageSchema>
