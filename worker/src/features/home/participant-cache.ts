import type { Deps } from '../../deps'
import { mapPerOwner } from '../../lib/cache'
import type { ParticipantRow } from '../../env'
import type { ChallengeCatalog } from '../challenges/challenge-catalog'

/**
 * Answers derived from one signed-in participant (the home lists, the participant summary), kept per
 * participant while nothing they depend on changed:
 * - the participant's own data: the row's row_version, which triggers move on every change to the
 *   row, the participant's completions and profile attributes (migration 0006), and which the session
 *   lookup reads on every request, so a write made by any process or tool is seen on the next request;
 * - the shared data it was computed from (`basis`: the cached challenge catalog or tier list, the same
 *   object while the app cache keeps it);
 * - time: an answer is kept no later than `until` (the home lists: the next moment a challenge starts
 *   or ends or a repeat period rolls over).
 * A hit answers with the session lookup as the request's only query. Bounded; per process under Node,
 * per isolate on Workers; off when config.cacheTtlMs is 0 (the bases are then read on every request).
 */
/** The basis is held weakly: an entry no one reads again must not keep an old catalog alive. */
type Entry = { basis: WeakRef<object>; version: number; until: number; value: Uint8Array<ArrayBuffer> }

/** The kept answers: the home lists (basis: the challenge catalog) and the summary (basis: the tiers). */
export const KEPT = { activeChallenges: 'home:active', completedChallenges: 'home:completed', summary: 'summary' } as const

/** About 10 KB each (a home list and its gzip copy): ~10 MB at most, within a Workers isolate. */
const MAX_ENTRIES = 1000
const entriesOf = mapPerOwner<string, Entry>()

type Json = Uint8Array<ArrayBuffer>
const UTF8 = new TextEncoder()

const keyOf = (kind: string, participant: ParticipantRow) => `${kind}:${participant.id}`
const isCurrent = (hit: Entry | undefined, participant: ParticipantRow, basis: object, now: number): hit is Entry =>
  hit !== undefined && hit.basis.deref() === basis && hit.version === participant.rowVersion && now < hit.until

/** The kept answer `kind` of this participant (JSON bytes) if it is still current, else undefined. */
export function currentKept(deps: Deps, kind: string, participant: ParticipantRow, basis: object, now: number): Json | undefined {
  if (deps.config.cacheTtlMs <= 0) return undefined
  const hit = entriesOf(deps).get(keyOf(kind, participant))
  return isCurrent(hit, participant, basis, now) ? hit.value : undefined
}

/**
 * The kept answer `kind` of this participant, or computes it (JSON text), keeps and returns it, as
 * UTF-8 bytes: a repeated answer is not encoded again.
 */
export async function keptForParticipant(
  deps: Deps,
  kind: string,
  participant: ParticipantRow,
  basis: object,
  now: number,
  compute: () => Promise<string>,
  until = Number.POSITIVE_INFINITY,
): Promise<Json> {
  if (deps.config.cacheTtlMs <= 0) return UTF8.encode(await compute())
  const entries = entriesOf(deps)
  const key = keyOf(kind, participant)
  const hit = entries.get(key)
  if (isCurrent(hit, participant, basis, now)) return hit.value
  const value = UTF8.encode(await compute())
  if (!hit && entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
  entries.set(key, { basis: new WeakRef(basis), version: participant.rowVersion, until, value })
  return value
}

const boundaries = new WeakMap<ChallengeCatalog, number[]>()
const DAY_MS = 86_400_000

/** The start and finish times of the catalog's challenges, sorted, once per catalog. */
function timesOf(catalog: ChallengeCatalog): number[] {
  let times = boundaries.get(catalog)
  if (!times) {
    times = catalog.list.flatMap((c) => [c.start?.getTime(), c.finish?.getTime()]).filter((t): t is number => t !== undefined)
    times.sort((a, b) => a - b)
    boundaries.set(catalog, times)
  }
  return times
}

/**
 * The first moment after `now` at which a challenge list computed at `now` may read differently: the
 * next start or finish of a challenge, or UTC midnight (daily, weekly and monthly periods roll over
 * then).
 */
export function nextChange(catalog: ChallengeCatalog, now: number): number {
  const midnight = (Math.floor(now / DAY_MS) + 1) * DAY_MS
  const next = timesOf(catalog).find((t) => t > now)
  return next !== undefined && next < midnight ? next : midnight
}
