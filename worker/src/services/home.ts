import { asc, eq, sql } from 'drizzle-orm'
import type { Challenge } from '../../../sdk/contract/challenges'
import { carouselSlides, challengeCompletions, socialPostViews } from '../db/schema'
import { PROGRAM_ID, preparedFor } from '../db/prepared'
import { type ProgramScope, programScope } from '../db/scope'
import type { Deps } from '../deps'
import type { ParticipantRow, ProgramRow } from '../env'
import { type ChallengeContent, loadChallengeCatalog } from './challenge-catalog'
import { isDone, toChallengeEntity } from './challenge-entity'
import { effectiveStatus, isVisible } from './challenge-status'

export type HomeContext = { scope: ProgramScope; deps: Deps; program: ProgramRow; participant: ParticipantRow | null; origin: string }

/**
 * Active visible challenges with this participant's state, from the cached catalog plus one query for
 * the participant's completions (and one for post views when social posts are listed).
 */
async function activeChallenges(ctx: HomeContext, filter: (c: ChallengeContent) => boolean, withViews = false): Promise<{ challenge: ChallengeContent; entity: Challenge; done: boolean }[]> {
  const now = ctx.deps.clock.now()
  const catalog = await loadChallengeCatalog(ctx.deps, ctx.scope.programId)
  const candidates = catalog.list.filter((c) => isVisible(c) && effectiveStatus(c, now) === 'active' && filter(c))
  if (!candidates.length) return []
  const [completions, views] = ctx.participant
    ? await Promise.all([
        preparedFor(ctx.scope.db, 'home-completions', (d) =>
          // Only what isDone and the entity read: every column fetched costs time.
          d
            .select({ challengeId: challengeCompletions.challengeId, periodKey: challengeCompletions.periodKey, createdAt: challengeCompletions.createdAt })
            .from(challengeCompletions)
            .where(programScope(d, PROGRAM_ID).where(challengeCompletions, eq(challengeCompletions.participantId, sql.placeholder('participantId'))))
            .prepare(),
        ).all({ programId: ctx.scope.programId, participantId: ctx.participant.id }),
        withViews ? ctx.scope.select(socialPostViews, eq(socialPostViews.participantId, ctx.participant.id)) : Promise.resolve([]),
      ])
    : [[], []]
  const viewed = new Set(views.map((v) => v.postId))
  return candidates.map((challenge) => {
    const own = completions.filter((x) => x.challengeId === challenge.id)
    return {
      challenge,
      done: isDone(challenge, own, now),
      entity: toChallengeEntity(challenge, { now, origin: ctx.origin, participant: ctx.participant, completions: own, viewedPostIds: viewed }),
    }
  })
}

/** Challenges still to do (signed out: every active challenge, for the tiles). */
export async function activeUncompletedChallenges(ctx: HomeContext): Promise<Challenge[]> {
  const rows = await activeChallenges(ctx, (c) => c.challengeType !== 'signup' || !ctx.participant)
  return rows.filter((r) => !r.done).map((r) => r.entity)
}

/** Completed activities for the home accordion. */
export async function completedChallenges(ctx: HomeContext): Promise<Challenge[]> {
  if (!ctx.participant) return []
  const rows = await activeChallenges(ctx, () => true)
  return rows.filter((r) => r.entity.completed_by_current_participant_on).map((r) => r.entity)
}

const firstOfType = async (ctx: HomeContext, test: (c: ChallengeContent) => boolean, withViews = false) =>
  (await activeChallenges(ctx, test, withViews))[0]?.entity ?? null

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
