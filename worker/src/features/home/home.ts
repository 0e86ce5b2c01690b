import { asc, eq, sql } from 'drizzle-orm'
import type { Challenge } from '../../../../sdk/contract/challenges'
import { carouselSlides, challengeCompletions, socialPostViews } from '../../db/schema'
import { PROGRAM_ID, preparedFor } from '../../db/prepared'
import { type ProgramScope, programScope } from '../../db/scope'
import type { Deps } from '../../deps'
import type { ParticipantRow, ProgramRow } from '../../env'
import { type ChallengeCatalog, type ChallengeContent, loadChallengeCatalog } from '../challenges/challenge-catalog'
import { KEPT, keptForParticipant, nextChange } from './participant-cache'
import { type CompletionSummary, challengeTileJson, summarizeCompletions, toChallengeEntity } from '../challenges/challenge-entity'
import { effectiveStatus, isVisible } from '../challenges/challenge-status'

export type HomeContext = { scope: ProgramScope; deps: Deps; program: ProgramRow; participant: ParticipantRow | null; origin: string }

type CompletionRow = { challengeId: number; periodKey: string; createdAt: Date }
type Active = { challenge: ChallengeContent; own: CompletionRow[]; summary: CompletionSummary }

/**
 * Active visible challenges with this participant's completions, from the cached catalog plus one
 * query for the participant's completions.
 */
async function activeWithCompletions(
  ctx: HomeContext,
  filter: (c: ChallengeContent) => boolean,
  known?: { now: number; catalog: ChallengeCatalog },
): Promise<{ now: number; rows: Active[] }> {
  const now = known?.now ?? ctx.deps.clock.now()
  const catalog = known?.catalog ?? (await loadChallengeCatalog(ctx.deps, ctx.scope.programId))
  const candidates = catalog.list.filter((c) => isVisible(c) && effectiveStatus(c, now) === 'active' && filter(c))
  if (!candidates.length) return { now, rows: [] }
  const byChallenge = new Map<number, CompletionRow[]>()
  if (ctx.participant) {
    for (const [challengeId, periodKey, createdAt] of await participantCompletions(ctx.scope, ctx.participant.id)) {
      const own = byChallenge.get(challengeId) ?? []
      own.push({ challengeId, periodKey, createdAt: new Date(createdAt) })
      byChallenge.set(challengeId, own)
    }
  }
  return {
    now,
    rows: candidates.map((challenge) => {
      const own = byChallenge.get(challenge.id) ?? []
      return { challenge, own, summary: summarizeCompletions(challenge, own, now) }
    }),
  }
}

/**
 * The participant's completions as [challenge id, period key, created at ms], only what isDone and
 * the entity read, in ONE row: SQLite builds the JSON array, which costs less than handing back a row
 * per completion through the driver (half of this query's time in bench/api.ts).
 */
async function participantCompletions(scope: ProgramScope, participantId: number): Promise<[number, string, number][]> {
  const [row] = await preparedFor(scope.db, 'home-completions', (d) =>
    d
      .select({
        list: sql<string>`json_group_array(json_array(${challengeCompletions.challengeId}, ${challengeCompletions.periodKey}, ${challengeCompletions.createdAt}))`,
      })
      .from(challengeCompletions)
      .where(programScope(d, PROGRAM_ID).where(challengeCompletions, eq(challengeCompletions.participantId, sql.placeholder('participantId'))))
      .prepare(),
  ).all({ programId: scope.programId, participantId })
  return row ? JSON.parse(row.list) : []
}

/** Active challenges as full entities (with post views when social posts are listed). */
async function activeChallenges(ctx: HomeContext, filter: (c: ChallengeContent) => boolean, withViews = false): Promise<Challenge[]> {
  const [{ now, rows }, views] = await Promise.all([
    activeWithCompletions(ctx, filter),
    withViews && ctx.participant ? ctx.scope.select(socialPostViews, eq(socialPostViews.participantId, ctx.participant.id)) : Promise.resolve([]),
  ])
  const viewed = new Set(views.map((v) => v.postId))
  return rows.map(({ challenge, summary }) =>
    toChallengeEntity(challenge, { now, origin: ctx.origin, participant: ctx.participant, completions: summary, viewedPostIds: viewed }),
  )
}

/** `{ "data": [tiles] }` as JSON text, from each challenge's cached fixed part (challengeTileJson). */
const tileList = (now: number, rows: Active[]) => `{"data":[${rows.map((r) => challengeTileJson(r.challenge, now, r.summary)).join(',')}]}`

/** Challenges still to do (signed out: every active challenge), as tiles (contract ChallengeTile), JSON. */
export const activeUncompletedChallengesJson = (ctx: HomeContext): Promise<string | Uint8Array<ArrayBuffer>> =>
  homeList(ctx, KEPT.activeChallenges, (c) => c.challengeType !== 'signup' || !ctx.participant, (r) => !r.summary.done)

/** Completed activities for the home accordion, as tiles, JSON. */
export async function completedChallengesJson(ctx: HomeContext): Promise<string | Uint8Array<ArrayBuffer>> {
  if (!ctx.participant) return tileList(0, [])
  return homeList(ctx, KEPT.completedChallenges, () => true, (r) => r.summary.latest !== null)
}

/**
 * A home list as JSON; a signed-in participant's is kept while it stays current (participant-cache.ts),
 * as UTF-8 bytes, so a repeated answer is not encoded again.
 */
async function homeList(
  ctx: HomeContext,
  kind: string,
  filter: (c: ChallengeContent) => boolean,
  keep: (r: Active) => boolean,
): Promise<string | Uint8Array<ArrayBuffer>> {
  const now = ctx.deps.clock.now()
  const catalog = await loadChallengeCatalog(ctx.deps, ctx.scope.programId)
  const build = async () => tileList(now, (await activeWithCompletions(ctx, filter, { now, catalog })).rows.filter(keep))
  if (!ctx.participant) return build()
  return keptForParticipant(ctx.deps, kind, ctx.participant, catalog, now, build, nextChange(catalog, now))
}

const firstOfType = async (ctx: HomeContext, test: (c: ChallengeContent) => boolean, withViews = false) =>
  (await activeChallenges(ctx, test, withViews))[0] ?? null

/** The profile collect challenge ("extended profile"). */
export const extendedProfileChallenge = (ctx: HomeContext) => firstOfType(ctx, (c) => c.challengeType === 'collect' && c.parameters.collect_type === 'profile')

/** The unified social challenge, when the program has the social feed feature. */
export const socialFeedChallenge = (ctx: HomeContext) =>
  ctx.program.features.social_network_posts ? firstOfType(ctx, (c) => c.challengeType === 'unified_social', true) : Promise.resolve(null)

/** The donation challenge, when the program has the donation feature. */
export const donationChallenge = (ctx: HomeContext) =>
  ctx.program.features.donation_challenge ? firstOfType(ctx, (c) => c.challengeType === 'donation') : Promise.resolve(null)

/** The home carousel slides (participant-site.md section 3, Carousel slide). */
export async function carousel(scope: ProgramScope) {
  const slides = await scope.select(carouselSlides).orderBy(asc(carouselSlides.position), asc(carouselSlides.id))
  return slides.map((s) => ({ id: s.id, title: s.title, description: s.description, link: s.link, button_text: s.buttonText, image: s.image }))
}
