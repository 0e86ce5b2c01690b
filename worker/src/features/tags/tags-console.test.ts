import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { AdminTagDetail, AdminTagList, ContentTagDetail, ContentTagList } from '../../../../sdk/contract/console/tags'
import { challenges, participantTags, programs, rewards } from '../../db/schema'
import { programScope } from '../../db/scope'
import { makeRewardsTest } from '../../../test/rewards-fixtures'
import { addPeople, consoleAs, programByKey } from '../participants/participants-fixtures'

type Result = { success: boolean; errors: Record<string, string>; data?: { id: number } }
type Form = { fields: { name: string; type: string; required: boolean }[]; defaultValues: Record<string, unknown> }

async function setup() {
  const r = await makeRewardsTest()
  const admin = await consoleAs(r, 'admin@tessera.dev')
  const base = `/admin/v2/programs/${r.program.id}`
  let seq = 0
  const addChallenge = async (name: string, tagList: string[], programId = r.program.id) => {
    const [row] = await programScope(r.db, programId)
      .insert(challenges, { identifier: `tags-${++seq}-${name}`, name, challengeType: 'article', status: 'active', approved: true, parameters: {}, tagList })
      .returning()
    return row!
  }
  const createContentTag = async (name: string, active = true) => {
    const res = await admin.json<Result>(`${base}/content_tags`, { json: { name, active } })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.data!.id
  }
  return { ...r, admin, base, addChallenge, createContentTag }
}

describe('console content tags', () => {
  it('lists, creates, shows the detail with counts and linked challenges and rewards, and edits', async () => {
    const { admin, base, addChallenge, addReward, createContentTag, db, program } = await setup()
    const form = await admin.json<Form>(`${base}/content_tags/new`)
    expect(form.body.fields.map((f) => [f.name, f.type])).toEqual([
      ['name', 'string'],
      ['active', 'boolean'],
    ])
    expect(form.body.defaultValues).toEqual({ name: '', active: true })

    const espresso = await addChallenge('Espresso quiz', ['coffee', 'quiz'])
    await addChallenge('Tea quiz', ['tea'])
    const reward = await addReward({ name: 'Free latte', tagList: ['coffee'] })
    const id = await createContentTag('coffee')
    await createContentTag('unused', false)

    const list = await admin.json<ContentTagList>(`${base}/content_tags?sort=name&order=asc`)
    expect(list.status).toBe(200)
    expect(list.body.data.map((t) => [t.name, t.active, t.challenges_count, t.rewards_count])).toEqual([
      ['coffee', true, 1, 1],
      ['unused', false, 0, 0],
    ])
    expect(list.body.meta).toMatchObject({ total: 2, page: 1 })
    expect((await admin.json<ContentTagList>(`${base}/content_tags?q=unu`)).body.data.map((t) => t.name)).toEqual(['unused'])

    const detail = await admin.json<{ data: ContentTagDetail }>(`${base}/content_tags/${id}`)
    expect(detail.body.data).toMatchObject({
      name: 'coffee',
      status: 'Active',
      challenges_count: 1,
      rewards_count: 1,
      total_usage: 2,
      challenges: [{ id: espresso.id, name: 'Espresso quiz' }],
      rewards: [{ id: reward.id, name: 'Free latte' }],
    })
    expect(Date.parse(detail.body.data.created_at)).not.toBeNaN()

    const edit = await admin.json<Form>(`${base}/content_tags/${id}/edit`)
    expect(edit.body.defaultValues).toEqual({ name: 'coffee', active: true })
    const version = async () => (await db.select({ v: programs.contentVersion }).from(programs).where(eq(programs.id, program.id)))[0]!.v
    const before = await version()
    const saved = await admin.json<Result>(`${base}/content_tags/${id}`, { method: 'PUT', json: { name: 'beans', active: false } })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    // The program's content moved on (kept public answers and content caches are keyed by it).
    expect(await version()).toBeGreaterThan(before)
    const after = await admin.json<{ data: ContentTagDetail }>(`${base}/content_tags/${id}`)
    expect(after.body.data).toMatchObject({ name: 'beans', status: 'Inactive', active: false, challenges: [{ id: espresso.id }], rewards: [{ id: reward.id }] })
  })

  it('renames the tag on its challenges, rewards and tag rules, seen by the participant site on the next request', async () => {
    const { admin, base, addChallenge, addReward, addMember, get, db, createContentTag } = await setup()
    const challenge = await addChallenge('Roast article', ['roast', 'other'])
    const rule = await addReward({ name: 'Roast badge', selection: 'achievement', threshold: 0, parameters: { rule: 'tag', tag: 'roast' }, tagList: ['roast'] })
    const id = await createContentTag('roast')
    const member = await addMember(0)
    // The participant site reads it first, so a kept copy would be stale after the save.
    expect((await get<{ tag_list: string[] }>(`/public/challenges/${challenge.id}`, member)).body.tag_list).toEqual(['roast', 'other'])
    const saved = await admin.json<Result>(`${base}/content_tags/${id}`, { method: 'PUT', json: { name: 'dark roast', active: true } })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect((await get<{ tag_list: string[] }>(`/public/challenges/${challenge.id}`, member)).body.tag_list).toEqual(['dark roast', 'other'])
    const [r] = await db.select().from(rewards).where(eq(rewards.id, rule.id))
    expect(r).toMatchObject({ tagList: ['dark roast'], parameters: { rule: 'tag', tag: 'dark roast' } })
  })

  it('keeps each name once in a list that already held the new name', async () => {
    const { admin, base, addChallenge, db, createContentTag } = await setup()
    const both = await addChallenge('Both', ['a', 'b', 'c'])
    const id = await createContentTag('a')
    expect((await admin.json<Result>(`${base}/content_tags/${id}`, { method: 'PUT', json: { name: 'c', active: true } })).status).toBe(200)
    const [row] = await db.select().from(challenges).where(eq(challenges.id, both.id))
    expect(row!.tagList).toEqual(['c', 'b'])
  })

  it('names the field in validation errors and keeps names unique per program', async () => {
    const { admin, base, createContentTag } = await setup()
    const empty = await admin.json<Result>(`${base}/content_tags`, { json: { name: ' ', active: true } })
    expect(empty.status).toBe(422)
    expect(empty.body).toEqual({ success: false, errors: { name: 'Name is required' } })
    const comma = await admin.json<Result>(`${base}/content_tags`, { json: { name: 'a,b', active: true } })
    expect(comma.body.errors).toEqual({ name: 'Name must not contain a comma' })
    const long = await admin.json<Result>(`${base}/content_tags`, { json: { name: 'x'.repeat(51), active: true } })
    expect(long.body.errors).toEqual({ name: 'Name must not be longer than 50 characters' })

    await createContentTag('vip')
    const other = await createContentTag('regular')
    const dup = await admin.json<Result>(`${base}/content_tags`, { json: { name: 'vip', active: true } })
    expect(dup.status).toBe(422)
    expect(dup.body.errors).toEqual({ name: 'Name has already been taken' })
    const renameDup = await admin.json<Result>(`${base}/content_tags/${other}`, { method: 'PUT', json: { name: 'vip', active: true } })
    expect(renameDup.status).toBe(422)
    expect(renameDup.body.errors).toEqual({ name: 'Name has already been taken' })
  })

  it("answers 404 for another program's tag and never counts another program's challenges", async () => {
    const t = await setup()
    const { admin, base, addChallenge, createContentTag } = t
    const links = await programByKey(t, 'links')
    await addChallenge('Elsewhere', ['shared'], links.id)
    const id = await createContentTag('shared')
    expect((await admin.json<{ data: ContentTagDetail }>(`${base}/content_tags/${id}`)).body.data).toMatchObject({ challenges_count: 0, challenges: [] })

    const foreignBase = `/admin/v2/programs/${links.id}`
    const foreign = await admin.json<Result>(`${foreignBase}/content_tags`, { json: { name: 'foreign', active: true } })
    expect(foreign.status).toBe(201)
    const fid = foreign.body.data!.id
    for (const path of ['', '/edit']) expect((await admin.json(`${base}/content_tags/${fid}${path}`)).status, path).toBe(404)
    expect((await admin.json(`${base}/content_tags/${fid}`, { method: 'PUT', json: { name: 'stolen', active: true } })).status).toBe(404)
    expect((await admin.json<{ data: ContentTagDetail }>(`${foreignBase}/content_tags/${fid}`)).body.data.name).toBe('foreign')
    // The same name may exist once in each program.
    expect((await admin.json<Result>(`${foreignBase}/content_tags`, { json: { name: 'shared', active: true } })).status).toBe(201)
  })
})

describe('console admin tags', () => {
  it('shows taggings keyed by kind with display and attribute names, and renames on every kind', async () => {
    const t = await setup()
    const { admin, base, addChallenge, addReward, db, program } = t
    const [ann, bob] = await addPeople(t, program.id, [
      { email: 'ann@example.com', first: 'Ann', last: 'Lee' },
      { email: 'bob@example.com', first: 'Bob', last: 'Ray' },
    ])
    await programScope(db, program.id).insert(participantTags, [
      { tag: 'staff', participantId: ann!.id },
      { tag: 'staff', participantId: bob!.id },
      { tag: 'crew', participantId: bob!.id },
    ])
    const ch = await addChallenge('Staff training', ['staff'])
    const created = await admin.json<Result>(`${base}/admin_tags`, { json: { name: 'staff' } })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.data!.id
    const empty = await admin.json<Result>(`${base}/admin_tags`, { json: { name: 'unused' } })
    expect(empty.status).toBe(201)

    const list = await admin.json<AdminTagList>(`${base}/admin_tags`)
    expect(list.body.data.map((r) => [r.name, r.taggings_count])).toEqual([
      ['staff', 3],
      ['unused', 0],
    ])
    const detail = await admin.json<{ data: AdminTagDetail }>(`${base}/admin_tags/${id}`)
    expect(detail.body.data.taggings).toEqual({
      Participant: {
        display_name: 'Participants',
        attribute_name: 'participants',
        value: [
          { taggable_id: ann!.id, taggable_name: 'Ann Lee', tenant: program.id },
          { taggable_id: bob!.id, taggable_name: 'Bob Ray', tenant: program.id },
        ],
      },
      Challenge: { display_name: 'Challenges', attribute_name: 'challenges', value: [{ taggable_id: ch.id, taggable_name: 'Staff training', tenant: program.id }] },
      Reward: { display_name: 'Rewards', attribute_name: 'rewards', value: [] },
    })
    expect(detail.body.data.taggings_count).toBe(3)
    await addReward({ name: 'Staff perk', tagList: ['staff'] })
    expect((await admin.json<{ data: AdminTagDetail }>(`${base}/admin_tags/${id}`)).body.data.taggings.Reward!.value.map((v) => v.taggable_name)).toEqual(['Staff perk'])

    // Bob already has 'crew': renaming staff to crew keeps one row for him.
    const renamed = await admin.json<Result>(`${base}/admin_tags/${id}`, { method: 'PUT', json: { name: 'crew' } })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    const rows = await db.select().from(participantTags).where(eq(participantTags.programId, program.id))
    expect(rows.map((r) => [r.tag, r.participantId]).sort()).toEqual([
      ['crew', ann!.id],
      ['crew', bob!.id],
    ])
    const [chRow] = await db.select().from(challenges).where(eq(challenges.id, ch.id))
    expect(chRow!.tagList).toEqual(['crew'])
    expect((await admin.json<Form>(`${base}/admin_tags/${id}/edit`)).body.defaultValues).toEqual({ name: 'crew' })
    const dup = await admin.json<Result>(`${base}/admin_tags/${id}`, { method: 'PUT', json: { name: 'unused' } })
    expect(dup.body.errors).toEqual({ name: 'Name has already been taken' })
  })

  it("names a tagged participant that is not the program's 'Unknown participant' (the console then links none)", async () => {
    const t = await setup()
    const links = await programByKey(t, 'links')
    const [far] = await addPeople(t, links.id, [{ email: 'far@example.com', first: 'Far', last: 'Away' }])
    await programScope(t.db, t.program.id).insert(participantTags, { tag: 'odd', participantId: far!.id })
    const created = await t.admin.json<Result>(`${t.base}/admin_tags`, { json: { name: 'odd' } })
    const detail = await t.admin.json<{ data: AdminTagDetail }>(`${t.base}/admin_tags/${created.body.data!.id}`)
    expect(detail.body.data.taggings.Participant!.value).toEqual([{ taggable_id: far!.id, taggable_name: 'Unknown participant', tenant: t.program.id }])
  })

  it("answers 404 for another program's admin tag", async () => {
    const t = await setup()
    const links = await programByKey(t, 'links')
    const foreign = await t.admin.json<Result>(`/admin/v2/programs/${links.id}/admin_tags`, { json: { name: 'far' } })
    const fid = foreign.body.data!.id
    for (const path of ['', '/edit']) expect((await t.admin.json(`${t.base}/admin_tags/${fid}${path}`)).status, path).toBe(404)
    expect((await t.admin.json(`${t.base}/admin_tags/${fid}`, { method: 'PUT', json: { name: 'near' } })).status).toBe(404)
  })
})
