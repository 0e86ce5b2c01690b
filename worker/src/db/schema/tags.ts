import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { bool, createdAt, id, updatedAt } from './columns'
import { programs } from './programs'

/**
 * A program's content tags (admin-console-part-b.md section 3, Content tag: name, active, created_at):
 * the names challenges and rewards carry in their `tag_list`. A tag's challenges and rewards are the
 * ones whose list holds its name, so renaming a tag renames it in those lists too
 * (features/tags/tag-service.ts). One name per program.
 */
export const contentTags = sqliteTable(
  'content_tags',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    active: bool('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('content_tags_program_name_uq').on(t.programId, t.name)],
)

/**
 * A program's admin tags (section 3, Admin tag: name, created_at, taggings by kind): a name that may
 * tag participants (participant_tags), challenges and rewards (their `tag_list`). One name per program.
 */
export const adminTags = sqliteTable(
  'admin_tags',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('admin_tags_program_name_uq').on(t.programId, t.name)],
)
