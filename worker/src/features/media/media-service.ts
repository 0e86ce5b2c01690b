import type { z } from 'zod'
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm'
import {
  type Attachment,
  type AttachmentList,
  type attachmentListQuerySchema,
  type attachmentUpdateSchema,
  mediaImageTypes,
} from '../../../../sdk/contract/console/media'
import { programAttachments } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/errors'
import type { FileStorage } from '../../platform/storage'
import { type CheckedFile, checkMediaFile, maxUploadBytes, tooLargeReason } from './file-check'

type Row = typeof programAttachments.$inferSelect
type ListQuery = z.output<typeof attachmentListQuerySchema>

/** A refused upload: 422 naming the field (`file` in the media library), in the error body and the spec's { success, errors }. */
export const fileError = (reason: string, field = 'file') =>
  new AppError('validation_failed', 422, `${field}: ${reason}`, { [field]: reason }, { success: false, errors: { [field]: reason } })

/**
 * An uploaded file read and checked as the media library checks it (size, then magic bytes and
 * dimensions: file-check.ts); a refusal throws fileError naming `field`. Every form that takes a file
 * for the library (the library's upload, the labels' icons) checks it here before storeAttachment.
 */
export async function checkedUpload(file: File, opts: { video: boolean; field?: string }): Promise<{ bytes: Uint8Array; file: CheckedFile; filename: string }> {
  if (file.size > maxUploadBytes(opts.video)) throw fileError(tooLargeReason(opts.video), opts.field)
  const bytes = new Uint8Array(await file.arrayBuffer())
  const checked = checkMediaFile(bytes, { video: opts.video, name: file.name, declaredType: file.type })
  if (!checked.ok) throw fileError(checked.reason, opts.field)
  return { bytes, file: checked.file, filename: cleanFilename(file.name, `upload.${checked.file.extension}`) }
}

/** Where an attachment's object lives in storage, and its public path (the same shape, from the site's root). */
export const objectKeyOf = (programId: number, storageKey: string) => `media/${programId}/${storageKey}`
export const publicPathOf = (programId: number, storageKey: string) => `/${objectKeyOf(programId, storageKey)}`

/** A stored file name: 128 random bits in hex and the detected type's extension. */
export function newStorageKey(extension: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return `${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}.${extension}`
}

export function storageOf(deps: Deps): FileStorage {
  if (!deps.storage) throw new Error('No file storage is configured (FILES binding on Workers, TESSERA_FILES_DIR under Node)')
  return deps.storage
}

export function toAttachment(row: Row): Attachment {
  const url = publicPathOf(row.programId, row.storageKey)
  return {
    id: row.id,
    title: row.title,
    alt_text: row.altText,
    content_type: row.contentType,
    dimension: row.width !== null && row.height !== null ? `${row.width}x${row.height}` : null,
    width: row.width,
    height: row.height,
    byte_size: row.byteSize,
    created_at: row.createdAt.toISOString(),
    file: { url, filename: row.filename },
    public_url: url,
  }
}

export async function findAttachmentOr404(scope: ProgramScope, id: number): Promise<Row> {
  const row = Number.isSafeInteger(id) && id > 0 ? await scope.first(programAttachments, eq(programAttachments.id, id)) : undefined
  if (!row) throw new AppError('not_found', 404, 'Attachment not found', { id: 'not found' })
  return row
}

/** GET .../program_attachments: newest first, a page of at most 20; images only unless video is accepted. */
export async function listAttachments(scope: ProgramScope, query: ListQuery): Promise<AttachmentList> {
  const where: SQL | undefined = query.accept_video ? undefined : inArray(programAttachments.contentType, [...mediaImageTypes])
  const [total, rows] = await Promise.all([
    scope.count(programAttachments, where),
    scope
      .select(programAttachments, where)
      .orderBy(desc(programAttachments.createdAt), desc(programAttachments.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
  ])
  return { data: rows.map(toAttachment), meta: { page: query.page, per_page: query.per_page, total, total_pages: Math.ceil(total / query.per_page) } }
}

/** A label for the uploader's file name: no path, no control characters, at most 200 characters. */
export function cleanFilename(name: unknown, fallback: string): string {
  const raw = typeof name === 'string' ? name : ''
  return raw.split(/[\\/]/).pop()!.replace(/[\u0000-\u001F\u007F]/g, '').trim().slice(0, 200) || fallback
}

/**
 * Stores a checked file and its row. The object is written first under a fresh random key; if the row
 * cannot be written the object is removed again, so a failed upload leaves neither.
 */
export async function storeAttachment(
  scope: ProgramScope,
  deps: Deps,
  input: { bytes: Uint8Array; file: CheckedFile; filename: string; title?: string; altText?: string },
): Promise<Attachment> {
  const storage = storageOf(deps)
  const storageKey = newStorageKey(input.file.extension)
  const objectKey = objectKeyOf(scope.programId, storageKey)
  await storage.put(objectKey, input.bytes, input.file.contentType)
  try {
    const title = input.title || input.filename.replace(/\.[^.]*$/, '').slice(0, 200)
    const [row] = await scope
      .insert(programAttachments, {
        storageKey,
        title,
        altText: input.altText ?? '',
        contentType: input.file.contentType,
        width: input.file.width,
        height: input.file.height,
        byteSize: input.bytes.byteLength,
        filename: input.filename,
        createdAt: new Date(deps.clock.now()),
        updatedAt: new Date(deps.clock.now()),
      })
      .returning()
    return toAttachment(row as Row)
  } catch (err) {
    await storage.delete(objectKey).catch(() => {})
    throw err
  }
}

/** PATCH or PUT .../program_attachments/{id}: title and alt text (only the ones sent). */
export async function updateAttachment(scope: ProgramScope, deps: Deps, row: Row, values: z.output<typeof attachmentUpdateSchema>): Promise<Attachment> {
  const set: Partial<typeof programAttachments.$inferInsert> = { updatedAt: new Date(deps.clock.now()) }
  if (values.title !== undefined) set.title = values.title
  if (values.alt_text !== undefined) set.altText = values.alt_text
  const [updated] = await scope.update(programAttachments, set, and(eq(programAttachments.id, row.id))).returning()
  return toAttachment((updated ?? row) as Row)
}
