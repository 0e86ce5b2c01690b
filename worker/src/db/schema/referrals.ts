import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { adminUsers } from './admins'
import { createdAt, id } from './columns'
import { referrals } from './participants'
import { programs } from './programs'

/**
 * referral_update_logs (admin-console-part-a.md section 3, Log entries): one row per status change of
 * a referral, written in the same batch as the guarded status update, so a change that did not happen
 * (a second, concurrent approval) leaves no row. `admin_user_id` is null for the automatic approval at
 * the referred participant's sign-in.
 */
export const referralUpdateLogs = sqliteTable(
  'referral_update_logs',
  {
    id: id(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    referralId: integer('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    adminUserId: integer('admin_user_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    comments: text('comments'),
    createdAt: createdAt(),
  },
  (t) => [index('referral_update_logs_program_referral_idx').on(t.programId, t.referralId, t.createdAt)],
)
