import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { challenges, questionOptions, questions, rewards, socialNetworkPosts } from '../../db/schema'
import { collectionKey, mintKey } from '../collectibles/chain-log'
import { collectionName } from '../collectibles/service'
import { createSimulatedChain } from '../collectibles/simulated'
import { programScope } from '../../db/scope'
import { makeTestApp, quickParticipant } from '../../../test/helpers'
import { adminWith, consoleAs, programByKey } from '../participants/participants-fixtures'

type Json = Record<string, any>
type T = Awaited<ReturnType<typeof makeTestApp>>

const quiz = (name: string) => ({
  name,
  challenge_type: 'collect',
  status: 'active',
  points: 40,
  collect_type: 'quiz',
  pass_score: 100,
  questions: [
    {
      title: 'Which bean is roasted darker?',
      answer_type: 'radio_button',
      is_required: true,
      options: [
        { details: 'French roast', correct: true },
        { details: 'Cinnamon roast', correct: false },
      ],
    },
    { title: 'Anything else?', answer_type: 'text_area', is_required: false, options: [] },
  ],
})

async function setup() {
  const t = await makeTestApp()
  const program = await programByKey(t, 'demo')
  const admin = await consoleAs(t, 'admin@tessera.dev')
  const base = `/admin/v2/programs/${program.id}/challenges`
  return { t, program, admin, base }
}

async function create(admin: Awaited<ReturnType<typeof consoleAs>>, base: string, body: Json) {
  const r = await admin.json<Json>(base, { json: body })
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  return r.body.data.id as number
}

const approve = (admin: Awaited<ReturnType<typeof consoleAs>>, base: string, id: number) => admin.json<Json>(`${base}/${id}`, { json: { intent: 'toggle_approval' } })

async function answerQuiz(t: T, browser: Awaited<ReturnType<typeof quickParticipant>>['browser'], id: number, right = true) {
  const qs = await programScope(t.db, (await programByKey(t, 'demo')).id).select(questions, eq(questions.challengeId, id))
  const choice = qs.find((q) => q.answerType === 'radio_button')!
  const options = await programScope(t.db, choice.programId).select(questionOptions, eq(questionOptions.questionId, choice.id))
  const text = qs.find((q) => q.answerType === 'text_area')!
  return browser.json<Json>('/public/challenges/submit', {
    json: { challenge_id: id, questions: { [choice.id]: { value: [String(options.find((o) => o.correct === right)!.id)] }, [text.id]: { value: '=HYPERLINK("x")' } } },
  })
}

describe('console challenges: create', () => {
  it('refuses a form with bad fields, naming each field', async () => {
    const { admin, base } = await setup()
    const r = await admin.json<Json>(base, { json: { challenge_type: 'membership', points: -1, price: 0, image: 'javascript:alert(1)' } })
    expect(r.status).toBe(422)
    expect(r.body.success).toBe(false)
    expect(Object.keys(r.body.errors)).toEqual(expect.arrayContaining(['name', 'points', 'price', 'image']))
    expect(r.body.errors.price).toBe('Price must be greater than 0')
  })

  it("checks each type's own fields: quiz answers, image options, video, link, donation", async () => {
    const { admin, base } = await setup()
    const noCorrect = quiz('No correct')
    noCorrect.questions[0]!.options = noCorrect.questions[0]!.options.map((o) => ({ ...o, correct: false }))
    expect((await admin.json<Json>(base, { json: noCorrect })).body.errors.questions).toBe('Mark the correct option of at least one question')
    const images = { ...quiz('Images'), questions: [{ title: 'Pick', answer_type: 'image_radio_button', options: [{ details: 'A', correct: true }, { details: 'B' }] }] }
    expect((await admin.json<Json>(base, { json: images })).body.errors['questions.0.options.0.image_url']).toBe('An image option needs an image')
    const video = await admin.json<Json>(base, { json: { name: 'V', challenge_type: 'video', status: 'draft', points: 1 } })
    expect(video.body.errors).toMatchObject({ video_url: 'Video URL is required', duration: 'Duration (percent to watch) is required' })
    expect((await admin.json<Json>(base, { json: { name: 'L', challenge_type: 'link', status: 'draft', points: 1 } })).body.errors.link_url).toBe('Link URL is required')
    const donation = await admin.json<Json>(base, { json: { name: 'D', challenge_type: 'donation', status: 'draft', points: 1, entities: [{ name: 'Trees' }], amounts: [] } })
    expect(donation.body.errors.amounts).toBe('Add at least one amount option')
    const dates = await admin.json<Json>(base, { json: { ...quiz('Dates'), start: '2026-05-02T00:00:00Z', finish: '2026-05-01T00:00:00Z' } })
    expect(dates.body.errors.finish).toBe('Finish must be after start')
  })

  it('writes the challenge, questions and options; participants see it once approved, on the next request', async () => {
    const { t, admin, base } = await setup()
    const id = await create(admin, base, { ...quiz('Roast quiz'), tag_list: ['coffee'], repeat: 'weekly', cta_button_text: 'Take it', success_message: 'Well done' })
    const [row] = await t.db.select().from(challenges).where(eq(challenges.id, id))
    expect(row).toMatchObject({ name: 'Roast quiz', challengeType: 'collect', approved: false, ctaButtonText: 'Take it', successMessage: 'Well done', tagList: ['coffee'] })
    expect(row!.parameters).toEqual({ collect_type: 'quiz', pass_score: 100, repeat: 'weekly' })
    const qs = await t.db.select().from(questions).where(eq(questions.challengeId, id))
    expect(qs.map((q) => [q.title, q.position])).toEqual([
      ['Which bean is roasted darker?', 0],
      ['Anything else?', 1],
    ])
    const options = await t.db.select().from(questionOptions).where(eq(questionOptions.questionId, qs[0]!.id))
    expect(options.map((o) => [o.details, o.correct])).toEqual([
      ['French roast', true],
      ['Cinnamon roast', false],
    ])
    const { browser } = await quickParticipant(t, 'fan@example.com')
    expect((await browser.request(`/public/challenges/${id}`)).status).toBe(404)
    expect((await approve(admin, base, id)).body.data.approved).toBe(true)
    const seen = await browser.json<Json>(`/public/challenges/${id}`)
    expect(seen.status).toBe(200)
    expect(seen.body.cta_button_text).toBe('Take it')
    expect(seen.body.parameters.correct_answers).toBeUndefined()
  })
})

describe('console challenges: update', () => {
  it('writes only the changed fields, and says so when nothing changed', async () => {
    const { t, admin, base } = await setup()
    const id = await create(admin, base, quiz('Edit me'))
    await approve(admin, base, id)
    const { browser } = await quickParticipant(t, 'edit@example.com')
    expect((await browser.json<Json>(`/public/challenges/${id}`)).body.points).toBe(40)
    const form = await admin.json<Json>(`${base}/${id}/edit`)
    expect(form.body.defaultValues.points).toBe(40)
    expect(form.body.has_collection).toBe(false)
    const same = await admin.json<Json>(`${base}/${id}`, { method: 'PUT', json: { points: 40, name: 'Edit me' } })
    expect(same.status).toBe(422)
    expect(same.body.errors).toEqual(['No changes detected'])
    expect((await admin.json<Json>(`${base}/${id}`, { method: 'PUT', json: {} })).body.errors).toEqual(['No changes detected'])
    // Another admin changed the name meanwhile: a points-only update keeps it.
    await programScope(t.db, (await programByKey(t, 'demo')).id).update(challenges, { name: 'Renamed elsewhere' }, eq(challenges.id, id))
    const saved = await admin.json<Json>(`${base}/${id}`, { method: 'PUT', json: { points: 75 } })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.data.changed).toEqual(['points'])
    const [row] = await t.db.select().from(challenges).where(eq(challenges.id, id))
    expect(row).toMatchObject({ points: 75, name: 'Renamed elsewhere' })
    expect((await browser.json<Json>(`/public/challenges/${id}`)).body.points).toBe(75)
  })

  it('lets every seeded challenge be edited: its saved values pass the form, and a points change saves', async () => {
    const { t, admin, base, program } = await setup()
    const rows = await programScope(t.db, program.id).select(challenges)
    const refused: string[] = []
    for (const row of rows) {
      const r = await admin.json<Json>(`${base}/${row.id}`, { method: 'PUT', json: { points: row.points + 1 } })
      if (r.status !== 200) refused.push(`${row.identifier}: ${JSON.stringify(r.body.errors)}`)
    }
    expect(refused).toEqual([])
    expect(rows.length).toBeGreaterThan(10)
  })

  it('validates the merged result, naming the field, and refuses unknown fields and a type change', async () => {
    const { admin, base } = await setup()
    const id = await create(admin, base, quiz('Strict'))
    expect((await admin.json<Json>(`${base}/${id}`, { method: 'PUT', json: { pass_score: 101 } })).body.errors.pass_score).toBe('Pass score must be at most 100')
    expect((await admin.json<Json>(`${base}/${id}`, { method: 'PUT', json: { challenge_type: 'link', link_url: 'https://x.test' } })).body.errors.challenge_type).toBeTruthy()
    expect((await admin.json<Json>(`${base}/${id}`, { method: 'PUT', json: { bogus: 1 } })).status).toBe(422)
  })

  it('keeps question ids (and the answers given) when questions are edited, in one atomic write', async () => {
    const { t, admin, base } = await setup()
    const id = await create(admin, base, quiz('Questions'))
    const before = (await admin.json<Json>(`${base}/${id}/edit`)).body.defaultValues.questions as Json[]
    const next = [{ ...before[1], title: 'Tell us more' }, before[0], { title: 'Your birthday', answer_type: 'date', is_required: false, options: [] }]
    const r = await admin.json<Json>(`${base}/${id}`, { method: 'PUT', json: { questions: next } })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const after = (await admin.json<Json>(`${base}/${id}/edit`)).body.defaultValues.questions as Json[]
    expect(after.map((q) => q.title)).toEqual(['Tell us more', 'Which bean is roasted darker?', 'Your birthday'])
    expect(after[0]!.id).toBe(before[1]!.id)
    expect(after[1]!.options.map((o: Json) => o.id)).toEqual(before[0]!.options.map((o: Json) => o.id))
    // A foreign question id is refused and nothing is written.
    const other = await create(admin, base, quiz('Other'))
    const foreignQ = ((await admin.json<Json>(`${base}/${other}/edit`)).body.defaultValues.questions as Json[])[0]
    const bad = await admin.json<Json>(`${base}/${id}`, { method: 'PUT', json: { questions: [foreignQ], name: 'Changed' } })
    expect(bad.status).toBe(422)
    expect(bad.body.errors['questions.0.id']).toBe('is not a question of this challenge')
    expect((await t.db.select().from(challenges).where(eq(challenges.id, id)))[0]!.name).toBe('Questions')
  })
})

describe('console challenges: type settings and collections', () => {
  it('stores membership and donation amounts in cents and the site shows them', async () => {
    const { t, admin, base } = await setup()
    const membership = await create(admin, base, { name: 'Member', challenge_type: 'membership', status: 'active', points: 10, price: 29.99 })
    const donation = await create(admin, base, {
      name: 'Give',
      challenge_type: 'donation',
      status: 'active',
      points: 5,
      entity_label: 'Pick a cause',
      entities: [{ name: 'Trees' }],
      amounts: [{ amount: 5, points: 50 }, { amount: 12.5, points: 150 }],
    })
    for (const id of [membership, donation]) await approve(admin, base, id)
    const { browser } = await quickParticipant(t, 'payer@example.com')
    expect((await browser.json<Json>(`/public/challenges/${membership}`)).body.membership_challenge).toEqual({ price: 2999 })
    expect((await browser.json<Json>(`/public/challenges/${donation}`)).body.donation_challenge).toEqual({
      entity_label: 'Pick a cause',
      amount_options: [{ amount: 500, points: 50 }, { amount: 1250, points: 150 }],
      entity_options: [{ id: 'trees-1', name: 'Trees' }],
    })
    const form = (await admin.json<Json>(`${base}/${donation}/edit`)).body.defaultValues
    expect(form.amounts).toEqual([{ amount: 5, points: 50 }, { amount: 12.5, points: 150 }])
    expect((await admin.json<Json>(`${base}/${membership}/edit`)).body.defaultValues.price).toBe(29.99)
  })

  it('writes unified social posts and gallery items, keeps their ids on edit, and the site shows them', async () => {
    const { t, admin, base } = await setup()
    const bad = await admin.json<Json>(base, { json: { name: 'Social', challenge_type: 'unified_social', status: 'active', points: 5, posts: [{ post_type: 'gallery', media_path: 'https://img.test/g.jpg' }] } })
    expect(bad.body.errors['posts.0.children']).toBe('A gallery needs at least one item')
    const id = await create(admin, base, {
      name: 'Social',
      challenge_type: 'unified_social',
      status: 'active',
      points: 5,
      posts: [
        { post_type: 'image', media_path: 'https://img.test/a.jpg', message: 'Hello', platform: 'instagram' },
        { post_type: 'gallery', media_path: 'https://img.test/g.jpg', children: [{ post_type: 'image', media_path: 'https://img.test/g1.jpg' }, { post_type: 'video', media_path: 'https://img.test/g2.mp4', duration_seconds: 9 }] },
      ],
    })
    await approve(admin, base, id)
    const { browser } = await quickParticipant(t, 'social@example.com')
    const seen = (await browser.json<Json>(`/public/challenges/${id}`)).body.social_network_posts as Json[]
    expect(seen.map((p) => [p.post_type, p.message, p.social_network_child_posts.length])).toEqual([
      ['image', 'Hello', 0],
      ['gallery', null, 2],
    ])
    const before = (await admin.json<Json>(`${base}/${id}/edit`)).body.defaultValues.posts as Json[]
    const next = [{ ...before[1], message: 'Gallery', children: [before[1]!.children[1]] }]
    expect((await admin.json<Json>(`${base}/${id}`, { method: 'PUT', json: { posts: next } })).status).toBe(200)
    const rows = await t.db.select().from(socialNetworkPosts).where(eq(socialNetworkPosts.challengeId, id))
    expect(rows.map((r) => r.id).sort()).toEqual([before[1]!.id, before[1]!.children[1].id].sort())
    expect(rows.find((r) => r.id === before[1]!.id)!.message).toBe('Gallery')
    const after = (await browser.json<Json>(`/public/challenges/${id}`)).body.social_network_posts as Json[]
    expect(after.map((p) => [p.message, p.social_network_child_posts.map((c: Json) => c.media_path)])).toEqual([['Gallery', ['https://img.test/g2.mp4']]])
  })

  it("carries the address of the achievement collection its completions lead to, once minted ('already minted')", async () => {
    const { t, admin, base, program } = await setup()
    const scope = programScope(t.db, program.id)
    const chain = createSimulatedChain(scope, t.clock)
    const minted = await create(admin, base, { ...quiz('Minted'), tag_list: ['nft-coffee', 'other'] })
    const unrelated = await create(admin, base, { ...quiz('Unrelated'), tag_list: ['tea'] })
    const address = async (id: number) => {
      const detail = (await admin.json<Json>(`${base}/${id}`)).body.data.achievement_collection_address
      const form = (await admin.json<Json>(`${base}/${id}/edit`)).body
      expect(form.achievement_collection_address).toBe(detail)
      expect(form.has_collection).toBe(detail !== null)
      return detail as string | null
    }
    // An achievement for every challenge tagged nft-coffee, with a collection.
    const [tagged] = await scope.insert(rewards, { name: 'Coffee collector', selection: 'achievement', limit: 5, parameters: { rule: 'tag', tag: 'nft-coffee' }, tagList: [] }).returning()
    const collection = await chain.createCollection({ key: collectionKey(tagged!.id), rewardId: tagged!.id, name: collectionName(tagged!), description: 'Coffee', uri: '' })
    // A lifetime-points achievement that has minted is not linked to a challenge.
    const [points] = await scope.insert(rewards, { name: 'Big spender', selection: 'achievement', limit: 5, parameters: { rule: 'lifetime_points', value: 10 }, tagList: [] }).returning()
    const pointsCollection = await chain.createCollection({ key: collectionKey(points!.id), rewardId: points!.id, name: collectionName(points!), description: 'Points', uri: '' })
    await chain.mint({ key: mintKey(points!.id, 1), rewardId: points!.id, participantId: 1, collectionName: collectionName(points!), collectionAddress: pointsCollection.address!, name: 'Big spender #1', description: '', uri: '' })
    // Collection, no mint yet: not "already minted".
    expect(await address(minted)).toBeNull()
    await chain.mint({ key: mintKey(tagged!.id, 1), rewardId: tagged!.id, participantId: 1, collectionName: collectionName(tagged!), collectionAddress: collection.address!, name: 'Coffee collector #1', description: '', uri: '' })
    expect(collection.address).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await address(minted)).toBe(collection.address)
    // Another tag, and only tag or points rules: not linked.
    expect(await address(unrelated)).toBeNull()
    // An achievement counting completed challenges links every challenge once it has minted.
    const [count] = await scope.insert(rewards, { name: 'Ten done', selection: 'achievement', limit: 5, parameters: { rule: 'completed_challenges', value: 10 }, tagList: [] }).returning()
    const countCollection = await chain.createCollection({ key: collectionKey(count!.id), rewardId: count!.id, name: collectionName(count!), description: 'Ten', uri: '' })
    expect(await address(unrelated)).toBeNull()
    await chain.mint({ key: mintKey(count!.id, 2), rewardId: count!.id, participantId: 2, collectionName: collectionName(count!), collectionAddress: countCollection.address!, name: 'Ten done #1', description: '', uri: '' })
    expect(await address(unrelated)).toBe(countCollection.address)
    // A stale parameters value is not the link; an update keeps parameters the wizard does not own.
    await scope.update(challenges, { parameters: { collect_type: 'quiz', pass_score: 100, achievement_collection_address: '0xabc' } }, eq(challenges.id, minted))
    expect(await address(minted)).toBe(collection.address)
    expect((await admin.json<Json>(`${base}/${minted}`, { method: 'PUT', json: { pass_score: 50 } })).status).toBe(200)
    const [row] = await t.db.select().from(challenges).where(eq(challenges.id, minted))
    expect(row!.parameters).toEqual({ collect_type: 'quiz', pass_score: 50, achievement_collection_address: '0xabc' })
    const copy = await admin.json<Json>(`${base}/${minted}`, { json: { intent: 'duplicate' } })
    const [copied] = await t.db.select().from(challenges).where(eq(challenges.id, copy.body.data.id))
    expect(copied!.parameters.achievement_collection_address).toBeUndefined()
  })

  it("is null when the minted collection is another program's", async () => {
    const { t, admin, base } = await setup()
    const id = await create(admin, base, quiz('Elsewhere'))
    const links = programScope(t.db, (await programByKey(t, 'links')).id)
    const chain = createSimulatedChain(links, t.clock)
    const [count] = await links.insert(rewards, { name: 'Any five', selection: 'achievement', limit: 5, parameters: { rule: 'completed_challenges', value: 5 }, tagList: [] }).returning()
    const made = await chain.createCollection({ key: collectionKey(count!.id), rewardId: count!.id, name: collectionName(count!), description: 'Five', uri: '' })
    await chain.mint({ key: mintKey(count!.id, 1), rewardId: count!.id, participantId: 1, collectionName: collectionName(count!), collectionAddress: made.address!, name: 'Any five #1', description: '', uri: '' })
    expect((await admin.json<Json>(`${base}/${id}`)).body.data.achievement_collection_address).toBeNull()
  })
})

describe('console challenges: list, detail, tabs, intents', () => {
  it('pages, sorts and filters by status, type and tag on the server', async () => {
    const { t, admin, base, program } = await setup()
    const a = await create(admin, base, { ...quiz('Zeta filter'), points: 5, tag_list: ['filter-me'] })
    await create(admin, base, { ...quiz('Alpha filter'), points: 500, status: 'draft', tag_list: ['filter-me'] })
    await create(admin, base, { name: 'Beta filter', challenge_type: 'link', status: 'active', points: 50, link_url: 'https://example.com', tag_list: ['filter-me'], finish: new Date(t.clock.now() - 1000).toISOString(), start: new Date(t.clock.now() - 5000).toISOString() })
    const all = await admin.json<Json>(`${base}?tag=filter-me&sort=points&order=desc`)
    expect(all.body.data.map((r: Json) => r.name)).toEqual(['Alpha filter', 'Beta filter', 'Zeta filter'])
    expect(all.body.data[0]).toMatchObject({ status: 'draft', challengeType: 'collect', image: { url: null }, completions: 0, clicks: 0 })
    expect((await admin.json<Json>(`${base}?tag=filter-me&status=ended`)).body.data.map((r: Json) => r.name)).toEqual(['Beta filter'])
    expect((await admin.json<Json>(`${base}?tag=filter-me&status=active`)).body.data.map((r: Json) => r.id)).toEqual([a])
    expect((await admin.json<Json>(`${base}?tag=filter-me&type=link`)).body.data.map((r: Json) => r.name)).toEqual(['Beta filter'])
    // Sorted by the status shown (Beta is stored active but has ended).
    expect((await admin.json<Json>(`${base}?tag=filter-me&sort=status&order=asc`)).body.data.map((r: Json) => r.status)).toEqual(['active', 'draft', 'ended'])
    const paged = await admin.json<Json>(`${base}?per_page=10&page=2&sort=name&order=asc`)
    const total = paged.body.meta.total as number
    expect(total).toBe(await programScope(t.db, program.id).count(challenges))
    expect(paged.body.data.length).toBe(Math.min(10, Math.max(0, total - 10)))
    expect((await admin.json<Json>(`${base}?status=nope`)).status).toBe(422)
  })

  it('shows completions and answers in the tabs and their CSV, formula-safe', async () => {
    const { t, admin, base } = await setup()
    const id = await create(admin, base, quiz('Answered'))
    await approve(admin, base, id)
    const { browser, participant } = await quickParticipant(t, 'answers@example.com')
    const done = await answerQuiz(t, browser, id)
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    const users = await admin.json<Json>(`${base}/${id}/participants`)
    expect(users.body.data).toHaveLength(1)
    expect(users.body.data[0]).toMatchObject({ participant_id: participant.id, email: 'answers@example.com', points: 40, score: 100 })
    const answers = await admin.json<Json>(`${base}/${id}/participant_answers`)
    expect(answers.body.data.map((r: Json) => r.answer).sort()).toEqual(['=HYPERLINK("x")', 'French roast'])
    const detail = await admin.json<Json>(`${base}/${id}`)
    expect(detail.body.data).toMatchObject({ completions: 1, questions_count: 2, approved: true })
    const csv = await admin.request(`${base}/${id}/participant_answers.csv`)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const text = await csv.text()
    expect(text).toContain('answers@example.com')
    expect(text).toContain(`"'=HYPERLINK(""x"")"`)
    const usersCsv = await (await admin.request(`${base}/${id}/participants.csv`)).text()
    expect(usersCsv.split('\r\n').filter(Boolean)).toHaveLength(2)
  })

  it('toggles approval and tags, duplicates as an unapproved draft, and refuses an unknown intent', async () => {
    const { t, admin, base } = await setup()
    const id = await create(admin, base, quiz('Intents'))
    expect((await admin.json<Json>(`${base}/${id}`, { json: { intent: 'toggle_tag', tag: 'hot' } })).body.data.tag_list).toEqual(['hot'])
    expect((await admin.json<Json>(`${base}/${id}`, { json: { intent: 'toggle_tag', tag: 'hot' } })).body.data.tag_list).toEqual([])
    const copy = await admin.json<Json>(`${base}/${id}`, { json: { intent: 'duplicate' } })
    const [row] = await t.db.select().from(challenges).where(eq(challenges.id, copy.body.data.id))
    expect(row).toMatchObject({ name: 'Intents (copy)', status: 'draft', approved: false, completions: 0 })
    expect(await t.db.select().from(questions).where(eq(questions.challengeId, row!.id))).toHaveLength(2)
    const bad = await admin.json<Json>(`${base}/${id}`, { json: { intent: 'explode' } })
    expect(bad.status).toBe(422)
    expect(bad.body.error.message).toBe('Invalid intent')
  })

  it('lets challenges update approve but not tag or duplicate; view reads but cannot export', async () => {
    const { t, admin, base, program } = await setup()
    const id = await create(admin, base, quiz('Perms'))
    const updater = await adminWith(t, 'updater@tessera.dev', program.id, [['challenges', 'update']])
    expect((await updater.request(`${base}/${id}`, { json: { intent: 'toggle_approval' } })).status).toBe(200)
    expect((await updater.request(`${base}/${id}`, { json: { intent: 'toggle_tag', tag: 'x' } })).status).toBe(403)
    expect((await updater.request(`${base}/${id}`, { json: { intent: 'duplicate' } })).status).toBe(403)
    const viewer = await adminWith(t, 'viewer@tessera.dev', program.id, [['challenges', 'view']])
    expect((await viewer.request(`${base}/${id}/participants`)).status).toBe(200)
    expect((await viewer.request(`${base}/${id}/participants.csv`)).status).toBe(403)
    expect((await viewer.request(`${base}/${id}`, { method: 'PUT', json: { points: 1 } })).status).toBe(403)
  })

  it("answers 404 for another program's challenge on every path, and writes nothing", async () => {
    const { t, admin, base } = await setup()
    const links = await programByKey(t, 'links')
    const [foreign] = await programScope(t.db, links.id).select(challenges).limit(1)
    for (const [method, suffix, json] of [
      ['GET', '', undefined],
      ['GET', '/edit', undefined],
      ['PUT', '', { points: 999 }],
      ['POST', '', { intent: 'toggle_approval' }],
      ['GET', '/participants', undefined],
      ['GET', '/participant_answers.csv', undefined],
    ] as const) {
      const r = await admin.request(`${base}/${foreign!.id}${suffix}`, { method, ...(json ? { json } : {}) })
      expect(r.status, `${method} ${suffix}`).toBe(404)
    }
    const [after] = await programScope(t.db, links.id).select(challenges, eq(challenges.id, foreign!.id))
    expect(after).toEqual(foreign)
  })
})
