import { inArray, isNotNull, sql } from 'drizzle-orm'
import { rawStatement } from '../../db/batch'
import type { Db } from '../../db/client'
import { inIds } from '../../db/in-ids'
import { deleteExpired } from '../../db/retention'
import { outbox, outboxDedupeKeys } from '../../db/schema'

/**
 * Delivered (and given-up) outbox rows are kept this long, then pruned: a week, well past the one day an
 * Idempotency-Key replays its stored answer (middleware/idempotency.ts), so the console's delivery log
 * and a support question about last week's event still find them.
 */
export const OUTBOX_RETENTION_DAYS = 7
const DAY_MS = 86_400_000

/**
 * Prunes delivered and failed outbox rows older than OUTBOX_RETENTION_DAYS, every program's. The dedupe
 * keys of the rows that go are kept (outbox_dedupe_keys, in the same batch): an idempotent operation
 * replayed after its event was pruned (its Idempotency-Key's answer expired too, so it runs again and
 * finds its write already made) announces nothing twice. Answers how many rows went.
 */
export function sweepOutbox(db: Db, now: number, days = OUTBOX_RETENTION_DAYS): Promise<number> {
  return deleteExpired(db, {
    table: outbox,
    id: outbox.id,
    at: outbox.createdAt,
    cutoff: new Date(now - days * DAY_MS),
    done: inArray(outbox.status, ['delivered', 'failed']),
    alongside: (ids) => [
      rawStatement(
        db,
        sql`INSERT INTO ${outboxDedupeKeys} (key) SELECT ${outbox.dedupeKey} FROM ${outbox} WHERE ${inIds(outbox.id, ids)} AND ${isNotNull(outbox.dedupeKey)} ON CONFLICT DO NOTHING`,
      ),
    ],
  })
}
