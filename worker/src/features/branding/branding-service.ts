import { eq, sql } from 'drizzle-orm'
import type { Branding, BrandingFont, BrandingPreview, BrandingValues, brandingPreviewRequestSchema } from '../../../../sdk/contract/console/branding'
import { CURATED_FONTS, curatedFontFiles } from '../../../../sdk/contract/fonts'
import type { z } from 'zod'
import { programs, programTemplateDetails } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import type { ProgramRow } from '../../env'
import { contentSaved } from '../programs/content-version'
import { magicLinkMail, mailBrandOf } from '../signin/mail-templates'
import { sanitizeCss } from './css-sanitizer'
import { batch } from '../../db/batch'

type PreviewDraft = z.output<typeof brandingPreviewRequestSchema>

/** The program's saved branding, as the console's form edits it. */
export async function getBranding(scope: ProgramScope, program: Pick<ProgramRow, 'css'>): Promise<Branding> {
  const t = await scope.first(programTemplateDetails)
  return {
    element_css_style: t?.elementCssStyle ?? {},
    favicon_file: t?.faviconFile ?? null,
    header_logo: t?.headerLogo ?? null,
    footer_logo: t?.footerLogo ?? null,
    overlay_image: t?.overlayImage ?? null,
    header_background_image: t?.headerBackgroundImage ?? null,
    badge_background_image: t?.badgeBackgroundImage ?? null,
    header_text: t?.headerText ?? null,
    header_description: t?.headerDescription ?? null,
    css: program.css ?? '',
  }
}

/**
 * update_template_details: the branding and the custom CSS (sanitized here, what is stored is what is
 * served) in one batch. The program_template_details triggers and the programs update move the
 * content version, so the site and the widgets show it on the next request.
 */
export async function updateBranding(scope: ProgramScope, deps: Deps, values: BrandingValues): Promise<{ data: Branding; removed: string[] }> {
  const { css, removed } = sanitizeCss(values.css)
  const now = new Date(deps.clock.now())
  const row = {
    headerText: values.header_text,
    headerDescription: values.header_description,
    headerBackgroundImage: values.header_background_image,
    headerLogo: values.header_logo,
    footerLogo: values.footer_logo,
    faviconFile: values.favicon_file,
    overlayImage: values.overlay_image,
    badgeBackgroundImage: values.badge_background_image,
    elementCssStyle: values.element_css_style,
    updatedAt: now,
  }
  await batch(scope.db, [
    scope.insert(programTemplateDetails, row).onConflictDoUpdate({
      target: programTemplateDetails.programId,
      // Style keys the form does not edit (set by other tools) are kept: merged in the statement.
      set: { ...row, elementCssStyle: sql`json_patch(${programTemplateDetails.elementCssStyle}, ${JSON.stringify(values.element_css_style)})` },
    }),
    scope.db.update(programs).set({ css: css || null, updatedAt: now }).where(eq(programs.id, scope.programId)),
  ])
  contentSaved(deps)
  return { data: await getBranding(scope, { css: css || null }), removed }
}

/** The example sign-in link of the e-mail preview (never a usable token). */
const PREVIEW_LINK_TOKEN = 'preview-only'

/**
 * The unsaved form as the participants would see it, stored nowhere: the custom CSS as it would be
 * stored, and the real sign-in e-mail template (signin/mail-templates.ts) with the draft's colours
 * and logo.
 */
export function previewBranding(program: Pick<ProgramRow, 'name' | 'publicKey'>, draft: PreviewDraft, origin: string): BrandingPreview {
  const { css, removed } = sanitizeCss(draft.css)
  const mail = magicLinkMail({
    to: 'participant@example.com',
    from: 'preview@example.com',
    programName: program.name,
    firstName: 'Alex',
    link: `${origin}/signin/magic?token=${PREVIEW_LINK_TOKEN}&program=${encodeURIComponent(program.publicKey)}`,
    minutes: 20,
    brand: mailBrandOf(draft.element_css_style, draft.header_logo ?? null, origin),
  })
  return { css, css_removed: removed, email: { subject: mail.subject, html: mail.html ?? '' } }
}

/** The curated fonts (sdk/contract/fonts.ts), every one served from our own origin. */
export function listFonts(): BrandingFont[] {
  return Object.values(CURATED_FONTS)
    .map((f) => ({ family: f.family, files: curatedFontFiles(f) }))
    .sort((a, b) => a.family.localeCompare(b.family))
}
