import { and, asc, gt } from 'drizzle-orm'
import type { z } from 'zod'
import type { participantExportQuerySchema } from '../../../../sdk/contract/console/participants'
import { participantProfileAttributes, participants, tiers } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { ParticipantRow } from '../../env'
import { AppError } from '../../lib/errors'
import { type CsvValue, csvLine } from '../../lib/csv'
import { activeProfileAttributes, importTemplateColumns } from './import-template'
import { loadExtras } from './participant-view'
import { inIds } from '../../db/in-ids'

type ExportQuery = z.output<typeof participantExportQuerySchema>
type Extras = Awaited<ReturnType<typeof loadExtras>>
type Column = { header: string; value: (p: ParticipantRow, x: Extras, attrs: Map<string, string>) => CsvValue }

/** Rows per database page: one page and its CSV text are all the export holds at a time. */
export const EXPORT_PAGE_ROWS = 500

const iso = (d: Date | null) => d?.toISOString() ?? ''
const tagsCell = (p: ParticipantRow, x: Extras) => (x.tags.get(p.id) ?? []).join(', ')

/**
 * The report's columns. No secrets: no session or sign-in token or hash, no referral code (it credits
 * its holder), no partner secrets; only what the console's table and detail page show.
 */
const DEFAULT_COLUMNS: Column[] = [
  { header: 'id', value: (p) => p.id },
  { header: 'first_name', value: (p) => p.firstName },
  { header: 'last_name', value: (p) => p.lastName },
  { header: 'email', value: (p) => p.email },
  { header: 'status', value: (p) => p.status },
  { header: 'staff', value: (p) => p.staff },
  { header: 'points', value: (p) => p.points },
  { header: 'unused_points', value: (p) => p.unusedPoints },
  { header: 'completed_challenges', value: (p) => p.completedChallenges },
  { header: 'sign_in_count', value: (p) => p.signInCount },
  { header: 'tags', value: tagsCell },
  { header: 'created_at', value: (p) => iso(p.createdAt) },
]

const detailedColumns = (tierNames: Map<number, string>): Column[] => [
  { header: 'rewards_earned', value: (p, x) => x.rewards.get(p.id) ?? 0 },
  { header: 'clicks', value: (p, x) => x.clicks.get(p.id) ?? 0 },
  { header: 'referred_by', value: (p, x) => (p.referredById === null ? '' : (x.referrers.get(p.referredById)?.email ?? '')) },
  { header: 'tier', value: (p) => (p.tierId === null ? '' : (tierNames.get(p.tierId) ?? '')) },
  { header: 'last_sign_in_at', value: (p) => iso(p.lastSignInAt) },
  { header: 'last_action_at', value: (p) => iso(p.lastActionAt) },
  { header: 'city', value: (p) => p.city },
  { header: 'country', value: (p) => p.country },
]

/** Base import columns: the balance is the points a `replace` import sets, so a round trip is exact. */
const IMPORT_BASE: Record<string, Column['value']> = {
  email: (p) => p.email,
  first_name: (p) => p.firstName,
  last_name: (p) => p.lastName,
  points: (p) => p.unusedPoints,
  tags: tagsCell,
}

/** The export's columns and the profile attributes they read; unknown attributes are a 422 up front. */
async function exportPlan(scope: ProgramScope, query: ExportQuery): Promise<{ columns: Column[]; attributes: string[]; detailed: boolean }> {
  const attributeColumn = (name: string): Column => ({ header: name, value: (_p, _x, attrs) => attrs.get(name) ?? '' })
  if (query.type === 'import') {
    const header = await importTemplateColumns(scope)
    const attributes = header.filter((h) => !(h in IMPORT_BASE))
    return { columns: header.map((h) => (h in IMPORT_BASE ? { header: h, value: IMPORT_BASE[h]! } : attributeColumn(h))), attributes, detailed: false }
  }
  const known = new Set((await activeProfileAttributes(scope)).map((a) => a.name))
  const unknown = query.selected_attributes.filter((a) => !known.has(a))
  if (unknown.length) throw new AppError('validation_failed', 422, `selected_attributes: unknown attribute ${unknown.join(', ')}`, { selected_attributes: `unknown attribute ${unknown.join(', ')}` })
  const attributes = [...new Set(query.selected_attributes)]
  const detailed = query.mode === 'detailed'
  const tierNames = detailed ? new Map((await scope.select(tiers)).map((t) => [t.id, t.name])) : new Map<number, string>()
  return { columns: [...DEFAULT_COLUMNS, ...(detailed ? detailedColumns(tierNames) : []), ...attributes.map(attributeColumn)], attributes, detailed }
}

/**
 * GET .../participants.csv as a stream: the header, then one chunk per page of EXPORT_PAGE_ROWS
 * participants read by id (keyset: `id > last`, never OFFSET), only when the client has taken the
 * previous chunk (pull), so memory stays one page whatever the program's size. Only this program's rows.
 */
export async function participantsCsv(scope: ProgramScope, query: ExportQuery, log?: (line: string) => void): Promise<ReadableStream<Uint8Array>> {
  const plan = await exportPlan(scope, query)
  const encoder = new TextEncoder()
  let lastId = 0
  let started = false
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (!started) {
            started = true
            controller.enqueue(encoder.encode(`\uFEFF${csvLine(plan.columns.map((c) => c.header))}`))
            return
          }
          const rows = await scope.select(participants, gt(participants.id, lastId)).orderBy(asc(participants.id)).limit(EXPORT_PAGE_ROWS)
          if (!rows.length) {
            controller.close()
            return
          }
          lastId = rows[rows.length - 1]!.id
          const ids = rows.map((r) => r.id)
          const [extras, attributeRows] = await Promise.all([
            loadExtras(scope, rows, plan.detailed ? 'all' : 'tags'),
            plan.attributes.length
              ? scope.db
                  .select({ id: participantProfileAttributes.participantId, name: participantProfileAttributes.name, value: participantProfileAttributes.value })
                  .from(participantProfileAttributes)
                  .where(scope.where(participantProfileAttributes, and(inIds(participantProfileAttributes.participantId, ids), inIds(participantProfileAttributes.name, plan.attributes))))
              : Promise.resolve([]),
          ])
          const byParticipant = new Map<number, Map<string, string>>()
          for (const a of attributeRows) {
            if (!byParticipant.has(a.id)) byParticipant.set(a.id, new Map())
            byParticipant.get(a.id)!.set(a.name, a.value)
          }
          const none = new Map<string, string>()
          let text = ''
          for (const p of rows) text += csvLine(plan.columns.map((c) => c.value(p, extras, byParticipant.get(p.id) ?? none)))
          controller.enqueue(encoder.encode(text))
        } catch (err) {
          // The status line has gone out: the client sees a cut-off download, the log says why.
          log?.(`[participants.csv] export of program ${scope.programId} failed: ${(err as Error).message}`)
          controller.error(err)
        }
      },
    },
    { highWaterMark: 1 },
  )
}
