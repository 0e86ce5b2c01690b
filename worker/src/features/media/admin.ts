import type { Context, MiddlewareHandler } from 'hono'
import { CSRF_HEADER } from '../../../../sdk/contract/auth'
import { attachmentListQuerySchema, attachmentUpdateSchema, attachmentUploadSchema } from '../../../../sdk/contract/console/media'
import type { AppEnv } from '../../env'
import { AppError } from '../../lib/errors'
import { isTokenClient } from '../../middleware/csrf'
import { parseQuery, readBody } from '../../lib/parse'
import { consoleRoutes } from '../console/console-router'
import { validateForm } from '../console/forms'
import { countingStream, maxUploadBytes, tooLargeReason } from './file-check'
import { checkedUpload, fileError, findAttachmentOr404, listAttachments, storeAttachment, toAttachment, updateAttachment } from './media-service'

type C = Context<AppEnv>
const LIST = '/programs/:program_id/program_attachments'
const ONE = `${LIST}/:attachment_id{[0-9]+}`

/** Room for the multipart envelope and the text fields around the file. */
const FORM_OVERHEAD = 64 * 1024

/**
 * The upload path: app.ts leaves its body to this handler (no 1 MB JSON limit, no form method
 * override, which would parse the whole form first): the size is checked here before anything is buffered.
 */
export const MEDIA_UPLOAD_PATH = /^\/admin\/v2\/programs\/[^/]+\/program_attachments$/

const truthy = (v: string | undefined) => v === 'true' || v === '1'

/**
 * Runs in app.ts ahead of everything that could read an upload's body: the JSON body limit is not
 * applied to this path, so a declared Content-Length over the largest upload is refused here, and so is
 * an upload without the X-CSRF-Token header (the CSRF check would otherwise parse the whole multipart
 * body looking for authenticity_token). Token clients are left to the CSRF check, which skips them.
 */
export const mediaUploadGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const declared = c.req.header('content-length')
  if (declared !== undefined && Number(declared) > maxUploadBytes(true) + FORM_OVERHEAD) throw fileError(tooLargeReason(truthy(c.req.query('accept_video'))))
  if (!c.req.header(CSRF_HEADER) && !isTokenClient(c)) {
    throw new AppError('csrf_failed', 403, 'Invalid or missing CSRF token: send X-CSRF-Token with the upload')
  }
  await next()
}

/**
 * Reads the multipart body with the upload's limit: a declared Content-Length over it is refused before
 * reading, and the body is counted as it streams, so a body without one (or with a false one) stops at
 * the limit too. Refusals are 422 naming `file`.
 */
async function readUploadForm(c: C, video: boolean): Promise<FormData> {
  const limit = maxUploadBytes(video) + FORM_OVERHEAD
  const tooLarge = () => fileError(tooLargeReason(video))
  const declared = c.req.header('content-length')
  if (declared !== undefined && Number(declared) > limit) throw tooLarge()
  const type = c.req.header('content-type') ?? ''
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw fileError('is required (send the file as multipart/form-data)')
  const body = c.req.raw.body
  if (!body) throw fileError('is required')
  let overLimit = false
  const counted = countingStream(body, limit, () => {
    overLimit = true
    return tooLarge()
  })
  try {
    return await new Response(counted, { headers: { 'content-type': type } }).formData()
  } catch {
    if (overLimit) throw tooLarge()
    throw fileError('could not be read: the upload was not a valid multipart form')
  }
}

/**
 * Media library console calls (admin-console-part-b.md section 2 media-library; section 7: GET and
 * POST /admin/v2/programs/{program_id}/program_attachments, PATCH or PUT of title and alt_text). The
 * library is a program setting: section 6 gives "Branding and most settings" to program update, for
 * reading and writing. The update is addressed through the program in the path
 * (.../programs/{program_id}/program_attachments/{id}) like every console route, not the spec's bare
 * /program_attachments/{id}: another program's attachment is 404.
 */
export const mediaConsole = consoleRoutes()
  .get(LIST, ['program', 'update'], async (c) => c.json(await listAttachments(c.var.scope, parseQuery(c, attachmentListQuerySchema))))
  .post(LIST, ['program', 'update'], async (c) => {
    // Video is allowed by the query (`?accept_video=true`): the size limit is known before the body is read.
    const video = truthy(c.req.query('accept_video'))
    const form = await readUploadForm(c, video)
    const file = form.get('file')
    if (!file || typeof file === 'string') throw fileError('is required')
    const fields = validateForm(attachmentUploadSchema, {
      ...(typeof form.get('title') === 'string' ? { title: form.get('title') } : {}),
      ...(typeof form.get('alt_text') === 'string' ? { alt_text: form.get('alt_text') } : {}),
    })
    if (!fields.ok) return c.json(fields.result, 422)
    const upload = await checkedUpload(file, { video })
    const resource = await storeAttachment(c.var.scope, c.var.deps, { ...upload, title: fields.data.title, altText: fields.data.alt_text })
    return c.json({ success: true, resource, errors: {} }, 201)
  })
  .get(ONE, ['program', 'update'], async (c) => c.json({ data: toAttachment(await findAttachmentOr404(c.var.scope, Number(c.req.param('attachment_id')))) }))
  .patch(ONE, ['program', 'update'], (c) => update(c))
  .put(ONE, ['program', 'update'], (c) => update(c))

async function update(c: C) {
  const row = await findAttachmentOr404(c.var.scope, Number(c.req.param('attachment_id')))
  const form = validateForm(attachmentUpdateSchema, await readBody(c))
  if (!form.ok) return c.json({ success: false, errors: form.result.errors }, 422)
  const resource = await updateAttachment(c.var.scope, c.var.deps, row, form.data)
  return c.json({ success: true, resource, errors: {} })
}
