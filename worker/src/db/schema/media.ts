import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { createdAt, id, updatedAt } from './columns'
import { programs } from './programs'

/**
 * A program's media library (admin-console-part-b.md section 3, Program attachment: id, title, alt_text,
 * content_type, dimension, byte_size, created_at, file (url, filename), public_url). The file itself is
 * in storage (R2, or the local file store under Node) under `storage_key`, a random server-generated
 * name with the extension of the detected type (docs/decisions/0020); the public path is
 * `/media/{program_id}/{storage_key}`. `filename` is only the uploader's label.
 */
export const programAttachments = sqliteTable(
  'program_attachments',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    title: text('title').notNull().default(''),
    altText: text('alt_text').notNull().default(''),
    contentType: text('content_type').notNull(),
    width: integer('width'),
    height: integer('height'),
    byteSize: integer('byte_size').notNull(),
    filename: text('filename').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('program_attachments_program_idx').on(t.programId, t.createdAt, t.id), uniqueIndex('program_attachments_key_uq').on(t.storageKey)],
)
