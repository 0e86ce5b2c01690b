import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { bool, createdAt, id, updatedAt } from './columns'
import { programs } from './programs'

/**
 * A program's evergreen settings (admin-console-part-b.md section 3, Evergreen setting: name,
 * description, field_value): switches the Perk team turns on for a program (hence 'Contact Perk team
 * to request this feature' when a program has none). `key` names the setting to the code that reads it.
 */
export const evergreenSettings = sqliteTable(
  'evergreen_settings',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('evergreen_settings_program_key_uq').on(t.programId, t.key), index('evergreen_settings_program_position_idx').on(t.programId, t.position)],
)

/** The value of one evergreen setting of a program (field_value: id, active); one row per setting. */
export const evergreenSettingValues = sqliteTable(
  'evergreen_setting_values',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    evergreenSettingId: integer('evergreen_setting_id')
      .notNull()
      .references(() => evergreenSettings.id, { onDelete: 'cascade' }),
    active: bool('active').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('evergreen_setting_values_program_setting_uq').on(t.programId, t.evergreenSettingId)],
)
