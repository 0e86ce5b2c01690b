import { asc, inArray, isNull, ne, or } from 'drizzle-orm'
import { challenges, questionOptions, questions, socialNetworkPosts } from '../../db/schema'
import { programScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { appCache } from '../../lib/cache'
import { contentKey } from '../programs/content-version'
import type { QuestionWithOptions } from './answers'

type ChallengeRow = typeof challenges.$inferSelect
type PostRow = typeof socialNetworkPosts.$inferSelect
export type PostTree = PostRow & { children: PostRow[] }
export type ChallengeContent = ChallengeRow & { questions: QuestionWithOptions[]; posts: PostTree[] }
export type ChallengeCatalog = { list: ChallengeContent[]; byId: Map<number, ChallengeContent>; byIdentifier: Map<string, ChallengeContent> }

/**
 * Every non-draft challenge of a program with its questions, options and social posts, in four
 * queries, cached for config.cacheTtlMs and by the program's content version (a save is read at once
 * once the program row says so): challenge pages and home lists read it without touching the
 * database, and only per-participant state is queried per request.
 */
export function loadChallengeCatalog(deps: Deps, programId: number): Promise<ChallengeCatalog> {
  return appCache<ChallengeCatalog>(deps, 'challenges').get(contentKey(deps, programId), () => readCatalog(deps, programId))
}

export function invalidateChallengeCatalog(deps: Deps) {
  appCache<ChallengeCatalog>(deps, 'challenges').clear()
}

async function readCatalog(deps: Deps, programId: number): Promise<ChallengeCatalog> {
  const scope = programScope(deps.db, programId)
  const rows = await scope.select(challenges, ne(challenges.status, 'draft')).orderBy(asc(challenges.position), asc(challenges.id))
  const ids = rows.map((r) => r.id)
  const [qs, posts] = ids.length
    ? await Promise.all([
        scope.select(questions, inArray(questions.challengeId, ids)).orderBy(asc(questions.position), asc(questions.id)),
        // A challenge's own posts, and the program's dynamic feed posts (no challenge; features/feed-posts).
        scope.select(socialNetworkPosts, or(inArray(socialNetworkPosts.challengeId, ids), isNull(socialNetworkPosts.challengeId))).orderBy(asc(socialNetworkPosts.id)),
      ])
    : [[], []]
  const options = qs.length
    ? await scope.select(questionOptions, inArray(questionOptions.questionId, qs.map((q) => q.id))).orderBy(asc(questionOptions.position), asc(questionOptions.id))
    : []
  const list: ChallengeContent[] = rows.map((row) => {
    // The unified social feed shows the program's dynamic feed posts after its own.
    const own = posts.filter((p) => p.challengeId === row.id || (p.challengeId === null && row.challengeType === 'unified_social'))
    return {
      ...row,
      questions: qs.filter((q) => q.challengeId === row.id).map((q) => ({ ...q, options: options.filter((o) => o.questionId === q.id) })),
      posts: own.filter((p) => p.parentId === null).map((p) => ({ ...p, children: own.filter((c) => c.parentId === p.id) })),
    }
  })
  return {
    list,
    byId: new Map(list.map((c) => [c.id, c])),
    byIdentifier: new Map(list.map((c) => [c.identifier, c])),
  }
}

/** Finds a challenge by numeric id or identifier. */
export function findInCatalog(catalog: ChallengeCatalog, idOrIdentifier: string | number): ChallengeContent | undefined {
  const asNumber = typeof idOrIdentifier === 'number' ? idOrIdentifier : /^\d+$/.test(idOrIdentifier) ? Number(idOrIdentifier) : null
  return (asNumber !== null ? catalog.byId.get(asNumber) : undefined) ?? catalog.byIdentifier.get(String(idOrIdentifier))
}

