import type { Context } from 'hono'
import { BRANDING_PREVIEW_PARAM } from '../../../../sdk/contract/branding-preview'
import { brandingPreviewRequestSchema, brandingWriteSchema } from '../../../../sdk/contract/console/branding'
import type { AppEnv } from '../../env'
import { readBody } from '../../lib/parse'
import { siteOriginFor } from '../../lib/origin'
import { consoleRoutes } from '../console/console-router'
import { validateForm } from '../console/forms'
import { getBranding, listFonts, previewBranding, updateBranding } from './branding-service'

const BASE = '/programs/:program_id/template_details'

/**
 * The participant home the console frames in its preview, in preview mode. Outside production the
 * console and the site share the local origin (a path keeps it); in production the program's own site,
 * whose frame-ancestors let the console's host frame it (middleware/response-headers.ts).
 */
async function previewUrl(c: Context<AppEnv>): Promise<string> {
  const origin = c.var.deps.config.environment === 'production' ? await siteOriginFor(c) : ''
  return `${origin}/?${new URLSearchParams({ program: c.var.program.publicKey, [BRANDING_PREVIEW_PARAM]: '1' })}`
}

/**
 * Settings: branding (admin-console-part-b.md sections 2, 5 and 7: "PUT the template-details update
 * for branding (program update_template_details), plus GET ... fonts"). Section 6 gives branding to
 * program update, for reading, previewing and saving alike. Everything is the program's in the path.
 */
export const brandingConsole = consoleRoutes()
  .get(BASE, ['program', 'update'], async (c) => c.json({ data: await getBranding(c.var.scope, c.var.program), preview_url: await previewUrl(c) }))
  .put(BASE, ['program', 'update'], async (c) => {
    const form = validateForm(brandingWriteSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await updateBranding(c.var.scope, c.var.deps, form.data)
    return c.json({ success: true as const, data: saved.data, css_removed: saved.removed })
  })
  // The live preview's server half: nothing is stored.
  .post(`${BASE}/preview`, ['program', 'update'], async (c) => {
    const form = validateForm(brandingPreviewRequestSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    return c.json(previewBranding(c.var.program, form.data, await siteOriginFor(c)))
  })
  .get('/programs/:program_id/fonts', ['program', 'update'], (c) => c.json({ data: listFonts() }))
