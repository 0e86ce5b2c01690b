import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { Attachment, AttachmentList, AttachmentResult, AttachmentUpdate } from '../../../../../sdk/contract/console/media'
import { CSRF_HEADER } from '../../../../../sdk/contract/paths'
import { api } from '../../../lib/api-client'
import { programKey } from '../../../lib/query-client'

export type { Attachment, AttachmentList }

/** The library holds 20 files a page (spec section 2, Media library). */
export const MEDIA_PAGE_SIZE = 20

export const mediaBase = (programId: number) => `/admin/v2/programs/${programId}/program_attachments`
export const mediaKey = (programId: number, ...parts: unknown[]) => programKey(programId, 'program_attachments', ...parts)

/** One page of the program's attachments, newest first; images only unless video is accepted. */
export function useAttachments(programId: number, page: number, acceptVideo: boolean) {
  return useQuery({
    queryKey: mediaKey(programId, { page, acceptVideo }),
    queryFn: ({ signal }) => api.get<AttachmentList>(mediaBase(programId), { page, per_page: MEDIA_PAGE_SIZE, accept_video: acceptVideo }, signal),
    placeholderData: keepPreviousData,
  })
}

/** A refused upload or update: the server's messages by field (`file`, `title`, `alt_text`). */
export class MediaRequestError extends Error {
  constructor(
    readonly status: number,
    readonly errors: Record<string, string>,
  ) {
    super(Object.values(errors)[0] ?? 'Upload failed')
    this.name = 'MediaRequestError'
  }
}

let csrf: string | undefined
/** The page's CSRF token (its meta tag), else one from /public/csrf, as the SDK transport does. */
async function csrfToken(): Promise<string> {
  csrf ??= document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? undefined
  if (!csrf) csrf = ((await (await fetch('/public/csrf', { credentials: 'same-origin' })).json()) as { csrf_token: string }).csrf_token
  return csrf
}

/**
 * Uploads one file into the library (multipart, through XMLHttpRequest so the console can show the
 * upload's progress). Answers the stored attachment, or throws MediaRequestError with the server's reasons.
 */
export function uploadAttachment(
  programId: number,
  file: File,
  opts: { acceptVideo: boolean; title?: string; altText?: string; onProgress?: (fraction: number) => void; signal?: AbortSignal },
): Promise<Attachment> {
  const form = new FormData()
  form.append('file', file)
  if (opts.title) form.append('title', opts.title)
  if (opts.altText) form.append('alt_text', opts.altText)
  return csrfToken().then((token) => send(programId, form, token, opts))
}

function send(programId: number, form: FormData, token: string, opts: Parameters<typeof uploadAttachment>[2]): Promise<Attachment> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `${mediaBase(programId)}?accept_video=${opts.acceptVideo}`)
    xhr.withCredentials = true
    xhr.setRequestHeader(CSRF_HEADER, token)
    xhr.setRequestHeader('accept', 'application/json')
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total)
    }
    xhr.onload = () => {
      let body: Partial<AttachmentResult> & { message?: string; error?: { fields?: Record<string, string>; message?: string } } = {}
      try {
        body = JSON.parse(xhr.responseText) as typeof body
      } catch {}
      if (xhr.status >= 200 && xhr.status < 300 && body.success && body.resource) return resolve(body.resource)
      const errors = body.errors && Object.keys(body.errors).length ? body.errors : (body.error?.fields ?? { file: body.error?.message ?? body.message ?? `Upload failed (${xhr.status})` })
      reject(new MediaRequestError(xhr.status, errors))
    }
    xhr.onerror = () => reject(new MediaRequestError(0, { file: 'The upload could not reach the server' }))
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'))
    opts.signal?.addEventListener('abort', () => xhr.abort())
    xhr.send(form)
  })
}

/** PATCH .../program_attachments/{id}: title and alt text. */
export async function updateAttachment(programId: number, id: number, values: AttachmentUpdate): Promise<Attachment> {
  const result = await api.patch<AttachmentResult>(`${mediaBase(programId)}/${id}`, values)
  if (!result.success || !result.resource) throw new MediaRequestError(422, result.errors)
  return result.resource
}
