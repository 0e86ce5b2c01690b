import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { configFromEnv } from '../src/config'
import {
  carouselSlides,
  challenges,
  domainLists,
  navigationMenus,
  pages,
  profileAttributeDefinitions,
  programIntegrationSettings,
  programs,
  programTemplateDetails,
  questionOptions,
  questions,
  rewards,
  socialNetworkPages,
  socialNetworkPosts,
  tiers,
} from '../src/db/schema'
import { bumpContentVersion, contentSaved } from '../src/features/programs/content-version'
import { cachedPublicAnswer } from '../src/middleware/public-cache'
import { makeTestApp, quickParticipant } from './helpers'

/** programs.content_version and the caches keyed by it (docs/decisions/0014), on libSQL. */

const withCache = () => ({
  config: { ...configFromEnv({ ENVIRONMENT: 'test', APP_SECRET: 'test-secret-test-secret-test-secret-!!', LOCAL_ORIGIN: 'http://localhost' }), cacheTtlMs: 60_000 },
})

async function demo(t: Awaited<ReturnType<typeof makeTestApp>>) {
  const [program] = await t.db.select().from(programs).where(eq(programs.publicKey, 'demo'))
  const version = async () => (await t.db.select({ v: programs.contentVersion }).from(programs).where(eq(programs.id, program!.id)))[0]!.v
  return { id: program!.id, version }
}

describe('programs.content_version', () => {
  it('moves with every write to the program content, whatever table, in the same statement', async () => {
    const t = await makeTestApp()
    const p = await demo(t)
    // The seed's integrations row out first (one row per program), so the write below is an insert.
    await t.db.delete(programIntegrationSettings).where(eq(programIntegrationSettings.programId, p.id))
    const writes: [string, () => Promise<unknown>][] = [
      ['program', () => t.db.update(programs).set({ prizesTitle: 'Prizes!' }).where(eq(programs.id, p.id))],
      ['theme', () => t.db.update(programTemplateDetails).set({ headerText: 'Hello' }).where(eq(programTemplateDetails.programId, p.id))],
      ['domain', () => t.db.insert(domainLists).values({ programId: p.id, domain: 'partner.example', domainType: 'other' })],
      ['page', () => t.db.insert(pages).values({ programId: p.id, slug: 'new-page', title: 'New', body: 'Body', status: 'published' } as never)],
      ['menu', () => t.db.delete(navigationMenus).where(eq(navigationMenus.programId, p.id))],
      ['carousel', () => t.db.update(carouselSlides).set({ title: 'Changed' }).where(eq(carouselSlides.programId, p.id))],
      ['tiers', () => t.db.update(tiers).set({ name: sql`${tiers.name} || '!'` }).where(eq(tiers.programId, p.id))],
      ['attributes', () => t.db.update(profileAttributeDefinitions).set({ active: true }).where(eq(profileAttributeDefinitions.programId, p.id))],
      ['challenge', () => t.db.update(challenges).set({ name: 'Renamed' }).where(and(eq(challenges.programId, p.id), eq(challenges.identifier, 'coffee-origins')))],
      ['questions', () => t.db.update(questions).set({ title: sql`${questions.title}` }).where(eq(questions.programId, p.id))],
      ['options', () => t.db.update(questionOptions).set({ details: sql`${questionOptions.details}` }).where(eq(questionOptions.programId, p.id))],
      ['posts', () => t.db.update(socialNetworkPosts).set({ message: sql`${socialNetworkPosts.message}` }).where(eq(socialNetworkPosts.programId, p.id))],
      ['reward', () => t.db.update(rewards).set({ limit: 9999 }).where(eq(rewards.programId, p.id))],
      ['social page', () => t.db.insert(socialNetworkPages).values({ programId: p.id, url: 'https://instagram.com/x', platform: 'instagram' })],
      ['integrations', () => t.db.insert(programIntegrationSettings).values({ programId: p.id, photoContestActive: true, qratiProgramId: 'c1' })],
      ['integrations update', () => t.db.update(programIntegrationSettings).set({ photoContestActive: false }).where(eq(programIntegrationSettings.programId, p.id))],
      ['social page delete', () => t.db.delete(socialNetworkPages).where(eq(socialNetworkPages.programId, p.id))],
    ]
    for (const [what, write] of writes) {
      const before = await p.version()
      await write()
      expect({ what, moved: (await p.version()) > before }).toEqual({ what, moved: true })
    }
    const before = await p.version()
    await bumpContentVersion(t.db, p.id)
    expect(await p.version()).toBe(before + 1)
    // Only forward: a write that sets it back gets the next version instead.
    await t.db.update(programs).set({ contentVersion: 0 }).where(eq(programs.id, p.id))
    expect(await p.version()).toBe(before + 2)
  })

  it('does not move with completions and claims (participant counters on content rows)', async () => {
    const t = await makeTestApp()
    const p = await demo(t)
    const { browser } = await quickParticipant(t, 'counters@example.com', { points: 450 })
    const [pastry] = await t.db.select().from(rewards).where(and(eq(rewards.programId, p.id), eq(rewards.name, 'Free pastry with any drink')))
    const before = await p.version()
    expect((await browser.json('/public/challenges/submit', { json: { challenge_id: 'daily-brew-tip' } })).status).toBe(200)
    expect((await browser.json('/public/rewards/process_reward', { json: { reward_id: pastry!.id } })).status).toBe(200)
    expect(await p.version()).toBe(before)
  })
})

describe('cached public answers and the content version', () => {
  it('serves a kept answer until this process sees a newer version; contentSaved() makes it see a save at once', async () => {
    const t = await makeTestApp(withCache())
    const p = await demo(t)
    const url = 'http://localhost/public/challenges/coffee-origins'
    const name = async () => ((await (await t.app.request(url, { headers: { host: 'localhost' } })).json()) as { name: string }).name
    const original = await name()
    await t.db.update(challenges).set({ name: 'Coffee origins, renamed' }).where(and(eq(challenges.programId, p.id), eq(challenges.identifier, 'coffee-origins')))
    // The program row (with its version) is still the one this process read: the kept answer stands,
    // as all shared content does for the program cache's TTL.
    expect(await name()).toBe(original)
    const early = () => cachedPublicAnswer(t.deps, new Request(url, { headers: { host: 'localhost' } }))
    expect(early()?.status).toBe(200)
    // The process that saved says so: the program row is read again, the new version seen, and
    // neither the kept answer nor the catalog of the old version is used any more.
    contentSaved(t.deps)
    expect(await name()).toBe('Coffee origins, renamed')
    // The Node server's early path (node.ts) answers only from the new version too.
    expect(((await early()!.json()) as { name: string }).name).toBe('Coffee origins, renamed')
  })

  it('drops the Node early answer of an old version as soon as any request reads the new one', async () => {
    const t = await makeTestApp(withCache())
    const p = await demo(t)
    const url = 'http://localhost/public/challenges/coffee-origins'
    await t.app.request(url, { headers: { host: 'localhost' } })
    const early = () => cachedPublicAnswer(t.deps, new Request(url, { headers: { host: 'localhost' } }))
    expect(early()).toBeDefined()
    await bumpContentVersion(t.db, p.id)
    contentSaved(t.deps)
    // Another read loads the program row with the new version: the old answer is not current any more.
    expect((await t.app.request('http://localhost/public/program', { headers: { host: 'localhost' } })).status).toBe(200)
    expect(early()).toBeUndefined()
  })
})
