import { and, eq, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { FeedImportResult, FeedPostList } from '../../../../sdk/contract/console/feed-posts'
import { challenges, outbox, programs, socialNetworkPosts } from '../../db/schema'
import { makeTestApp } from '../../../test/helpers'
import { deliverOutbox } from '../webhooks/outbox'
import { adminWith, consoleAs, programByKey } from '../participants/participants-fixtures'
import { FEED_IMPORT_TOPIC, importFeedChunk } from './feed-import'

type Result = { success: boolean; errors: Record<string, string>; message?: string; data?: { id: number } }
type Form = { fields: { name: string; type: string }[]; defaultValues: Record<string, unknown> }

const post = (id: string | number, extra: Record<string, unknown> = {}) => ({
  id,
  post_type: 'image',
  media_path: `https://cdn.example.com/${id}.jpg`,
  message: `Post ${id}`,
  username: 'emberandoak',
  url: `https://www.instagram.com/p/${id}`,
  published_at: '2026-03-01T12:00:00Z',
  ...extra,
})

async function setup() {
  const t = await makeTestApp()
  const demo = await programByKey(t, 'demo')
  const links = await programByKey(t, 'links')
  const admin = await consoleAs(t, 'admin@tessera.dev')
  const base = `/admin/v2/programs/${demo.id}/dynamic_feed_posts`
  const dynamic = (programId = demo.id) =>
    t.db.select().from(socialNetworkPosts).where(and(eq(socialNetworkPosts.programId, programId), isNull(socialNetworkPosts.challengeId)))
  /** Waits for the queued chunks (in-process delivery runs them within milliseconds; retries are run here). */
  const settle = async () => {
    for (let i = 0; i < 250; i++) {
      await deliverOutbox(t.deps)
      const rows = await t.db.select({ status: outbox.status }).from(outbox).where(eq(outbox.topic, FEED_IMPORT_TOPIC))
      if (rows.every((r) => r.status === 'delivered' || r.status === 'failed')) return
      await new Promise((r) => setTimeout(r, 20))
    }
    throw new Error('the import chunks did not finish')
  }
  return { ...t, demo, links, admin, base, dynamic, settle }
}

describe('console dynamic feed posts', () => {
  it('creates, lists and edits a post with the feed fields, naming the field in errors', async () => {
    const { admin, base, db, demo } = await setup()
    const form = await admin.json<Form>(`${base}/new`)
    expect(form.body.fields.map((f) => [f.name, f.type])).toEqual([
      ['post_type', 'select'],
      ['media_path', 'string'],
      ['message', 'textarea'],
      ['username', 'string'],
      ['url', 'string'],
      ['published_at', 'string'],
    ])
    const bad = await admin.json<Result>(base, { json: { post_type: 'story', media_path: 'javascript:alert(1)', url: 'ftp://x' } })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({
      post_type: 'Post type must be gallery, image or video',
      media_path: 'Media path must be an http or https URL or a path starting with /',
      url: 'URL must be an http or https URL',
    })
    const version = async () => (await db.select({ v: programs.contentVersion }).from(programs).where(eq(programs.id, demo.id)))[0]!.v
    const before = await version()
    const created = await admin.json<Result>(base, { json: { post_type: 'video', media_path: '/files/clip.mp4', message: 'Behind the roast', username: 'ember', url: '', published_at: '2026-02-01T10:30' } })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(await version()).toBeGreaterThan(before)
    const id = created.body.data!.id
    const edit = await admin.json<Form>(`${base}/${id}/edit`)
    expect(edit.body.defaultValues).toMatchObject({ post_type: 'video', media_path: '/files/clip.mp4', message: 'Behind the roast', url: '' })
    const put = await admin.json<Result>(`${base}/${id}`, { method: 'PUT', json: { post_type: 'image', media_path: 'https://cdn.example.com/a.jpg', message: 'Roasted', username: '', url: 'https://example.com/p', published_at: '' } })
    expect(put.status, JSON.stringify(put.body)).toBe(200)
    const list = await admin.json<FeedPostList>(`${base}?q=roast`)
    expect(list.body.data).toEqual([
      { id, external_id: null, post_type: 'image', media_path: 'https://cdn.example.com/a.jpg', message: 'Roasted', username: null, url: 'https://example.com/p', published_at: null },
    ])
    // A challenge's own posts are not feed posts: the seeded unified social posts are not listed.
    expect((await admin.json<FeedPostList>(base)).body.meta.total).toBe(1)
  })

  it("imports a file in the background: 'Post are being imported!', every post once by its id, again as an update", async () => {
    const { admin, base, dynamic, settle, db } = await setup()
    const posts = Array.from({ length: 120 }, (_, i) => post(`ig-${i}`))
    const res = await admin.json<FeedImportResult>(`${base}/import`, { json: { posts } })
    expect(res.status).toBe(202)
    expect(res.body).toEqual({ success: true, message: 'Post are being imported!', data: { posts: 120, chunks: 3 } })
    expect(await db.select().from(outbox).where(eq(outbox.topic, FEED_IMPORT_TOPIC))).toHaveLength(3)
    await settle()
    expect(await dynamic()).toHaveLength(120)
    // The same file again queues nothing; a changed post updates its row, never a duplicate.
    await admin.json(`${base}/import`, { json: { posts } })
    expect(await db.select().from(outbox).where(eq(outbox.topic, FEED_IMPORT_TOPIC))).toHaveLength(3)
    const changed = await admin.json<FeedImportResult>(`${base}/import`, { json: { posts: [post('ig-0', { message: 'Edited' }), post(7)] } })
    expect(changed.status).toBe(202)
    await settle()
    const rows = await dynamic()
    expect(rows).toHaveLength(121)
    expect(rows.find((r) => r.externalId === 'ig-0')!.message).toBe('Edited')
    expect(rows.find((r) => r.externalId === '7')!.publishedAt!.toISOString()).toBe('2026-03-01T12:00:00.000Z')
  })

  it("shows imported posts in the participant feed (the unified social challenge) on the next request", async () => {
    const { admin, base, settle, db, app, demo } = await setup()
    const [social] = await db.select().from(challenges).where(and(eq(challenges.programId, demo.id), eq(challenges.challengeType, 'unified_social')))
    const feed = async () => ((await (await app.request(`http://localhost/public/challenges/${social!.id}`)).json()) as { social_network_posts: { id: number; media_path: string; message: string | null }[] }).social_network_posts
    const before = await feed()
    expect(before.length).toBeGreaterThan(0)
    await admin.json(`${base}/import`, { json: { posts: [post('feed-1', { message: 'Fresh from the roastery' })] } })
    await settle()
    const after = await feed()
    expect(after).toHaveLength(before.length + 1)
    expect(after.at(-1)).toMatchObject({ media_path: 'https://cdn.example.com/feed-1.jpg', message: 'Fresh from the roastery' })
  })

  it("refuses a file with an invalid post whole ('Error importing posts', errors naming post and field); a bad chunk writes nothing", async () => {
    const { admin, base, dynamic, db, demo, deps } = await setup()
    const res = await admin.json<Result>(`${base}/import`, { json: { posts: [post('a'), post('b', { url: 'not a url', post_type: 'reel' })] } })
    expect(res.status).toBe(422)
    expect(res.body.message).toBe('Error importing posts')
    expect(res.body.errors).toEqual({
      'posts.1.post_type': 'Post type must be gallery, image or video',
      'posts.1.url': 'URL must be an http or https URL',
    })
    const twice = await admin.json<Result>(`${base}/import`, { json: { posts: [post('a'), post('b'), post('a')] } })
    expect(twice.body.errors).toEqual({ 'posts.2.id': 'Id a appears twice (also post 1)' })
    expect((await admin.json<Result>(`${base}/import`, { json: { posts: [] } })).body.errors).toEqual({ posts: 'The file holds no posts' })
    expect((await admin.json<Result>(`${base}/import`, { json: { nothing: true } })).body.errors).toEqual({ posts: 'The file must hold a list of posts' })
    expect(await db.select().from(outbox).where(eq(outbox.topic, FEED_IMPORT_TOPIC))).toHaveLength(0)
    await expect(importFeedChunk(deps, demo.id, { posts: [post('ok') as never, post('x', { media_path: '' }) as never] })).rejects.toThrow()
    expect(await dynamic()).toHaveLength(0)
  })

  it('needs dynamic_feed_posts manage, denied while the feature is off, and keeps to the program in the path', async () => {
    const t = await setup()
    const [foreign] = await t.db.insert(socialNetworkPosts).values({ programId: t.links.id, postType: 'image', mediaPath: '/x.jpg' }).returning()
    expect((await t.admin.json(`${t.base}/${foreign!.id}/edit`)).status).toBe(404)
    expect((await t.admin.json(`${t.base}/${foreign!.id}`, { method: 'PUT', json: { post_type: 'image', media_path: '/y.jpg' } })).status).toBe(404)
    const editor = await adminWith(t, 'editor@example.com', t.demo.id, [['program', 'update']])
    expect((await editor.json(t.base)).status).toBe(403)
    await t.db.update(programs).set({ features: { ...t.demo.features, dynamic_feed_posts: false } }).where(eq(programs.id, t.demo.id))
    expect((await t.admin.json(t.base)).status).toBe(403)
    expect((await t.admin.json(`${t.base}/import`, { json: { posts: [post(1)] } })).status).toBe(403)
  })
})
