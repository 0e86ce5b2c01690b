import { sql } from 'drizzle-orm'
import { FEED_IMPORT_CHUNK, type FeedImportPost, type FeedImportResult, feedImportPostSchema } from '../../../../sdk/contract/console/feed-posts'
import { socialNetworkPosts } from '../../db/schema'
import { programScope, type ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { sha256 } from '../../lib/crypto'
import { contentSaved } from '../programs/content-version'
import { dispatchOutboxLater, outboxInsert, registerOutboxTask } from '../webhooks/outbox'
import { postColumns } from './feed-post-service'
import { batch } from '../../db/batch'

/** The outbox topic of one chunk of a feed import. */
export const FEED_IMPORT_TOPIC = 'feed_posts.import'

type ChunkPayload = { posts: FeedImportPost[] }

/**
 * Queues an import whose every post was already checked (feedImportSchema): one outbox row per chunk
 * of FEED_IMPORT_CHUNK posts, all in one batch, each with a dedupe key from the program and the
 * chunk's content, so the same file sent twice queues nothing more. The chunks then run in the
 * background (the queue on Workers, in-process under Node), retried until they succeed.
 */
export async function queueFeedImport(scope: ProgramScope, deps: Deps, posts: FeedImportPost[]): Promise<FeedImportResult> {
  const chunks: FeedImportPost[][] = []
  for (let i = 0; i < posts.length; i += FEED_IMPORT_CHUNK) chunks.push(posts.slice(i, i + FEED_IMPORT_CHUNK))
  // Keys first: a drizzle statement is a thenable, so it must not pass through an await before the batch.
  const keys = await Promise.all(chunks.map(async (chunk) => `feed-import:${scope.programId}:${await sha256(JSON.stringify(chunk))}`))
  const inserts = chunks.map((chunk, i) => {
    const payload: ChunkPayload = { posts: chunk }
    return outboxInsert(scope.db, scope.programId, { topic: FEED_IMPORT_TOPIC, payload: payload as unknown as Record<string, unknown> }, keys[i])
  })
  const results = (await batch(scope.db, inserts)) as unknown as { id: number }[][]
  dispatchOutboxLater(deps, results.flatMap((r) => r.map((row) => row.id)))
  return { success: true, message: 'Post are being imported!', data: { posts: posts.length, chunks: chunks.length } }
}

/**
 * One chunk, atomically: every post upserted by (program, its file id) in one batch, so a chunk run
 * twice (a retry, a redelivered message) or a file imported again updates the same rows. The posts
 * are checked again here: a payload is data from storage, not trusted code.
 */
export async function importFeedChunk(deps: Deps, programId: number, payload: ChunkPayload): Promise<number> {
  const scope = programScope(deps.db, programId)
  const posts = (payload.posts ?? []).map((p) => feedImportPostSchema.parse(p))
  if (!posts.length) return 0
  const statements = posts.map((p) => {
    const columns = postColumns(p)
    return scope
      .insert(socialNetworkPosts, { challengeId: null, parentId: null, externalId: p.id, ...columns })
      .onConflictDoUpdate({ target: [socialNetworkPosts.programId, socialNetworkPosts.externalId], set: columns, setWhere: sql`${socialNetworkPosts.challengeId} IS NULL` })
  })
  await batch(deps.db, statements)
  contentSaved(deps)
  return posts.length
}

registerOutboxTask(FEED_IMPORT_TOPIC, async (deps, programId, payload) => {
  if (programId === null) throw new Error('a feed import needs its program')
  return importFeedChunk(deps, programId, payload as unknown as ChunkPayload)
})
