import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ProgramPageDetail, ProgramPageList } from '../../../../sdk/contract/console/program-pages'
import { pages, programs } from '../../db/schema'
import { makeRewardsTest } from '../../../test/rewards-fixtures'
import { adminWith, consoleAs, programByKey } from '../participants/participants-fixtures'

type Result = { success: boolean; errors: Record<string, string>; data?: { id: number; status?: string } }
type Form = { fields: { name: string; type: string; required: boolean }[]; defaultValues: Record<string, unknown> }
type PublicProgram = { published_program_pages: { slug: string; title: string }[] }

async function setup() {
  const r = await makeRewardsTest()
  const admin = await consoleAs(r, 'admin@tessera.dev')
  const base = `/admin/v2/programs/${r.program.id}/program_pages`
  const create = async (title: string, slug: string, body = '<p>Hello</p>') => {
    const res = await admin.json<Result>(base, { json: { title, slug, body } })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body.data!.id
  }
  const version = async () => (await r.db.select({ v: programs.contentVersion }).from(programs).where(eq(programs.id, r.program.id)))[0]!.v
  return { ...r, admin, base, create, version }
}

const RULES = '<h1>Rules</h1><p onclick="steal()">Play fair.<script>alert(1)</script></p><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>'

describe('console program pages', () => {
  it('creates a draft with its body sanitized on save: no script, no event handler, no javascript: link', async () => {
    const { admin, base, create, db } = await setup()
    const form = await admin.json<Form>(`${base}/new`)
    expect(form.body.fields.map((f) => f.name)).toEqual(['title', 'slug', 'body'])
    const id = await create('Rules', 'game-rules', RULES)
    const [row] = await db.select().from(pages).where(eq(pages.id, id))
    expect(row!.status).toBe('draft')
    expect(row!.body).toBe('<h2>Rules</h2><p>Play fair.</p><img src="x" loading="lazy"><a>x</a>')
    expect(row!.body).not.toMatch(/script|onerror|onclick|javascript/i)

    const saved = await admin.json<Result>(`${base}/${id}`, { method: 'PUT', json: { title: 'Rules', slug: 'game-rules', body: '<p>New<img src="/a.png" onerror="x()"></p><script>bad()</script>' } })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const detail = await admin.json<{ data: ProgramPageDetail }>(`${base}/${id}`)
    expect(detail.body.data).toMatchObject({ title: 'Rules', slug: 'game-rules', status: 'draft', body: '<p>New<img src="/a.png" loading="lazy"></p>' })
    expect((await admin.json<Form>(`${base}/${id}/edit`)).body.defaultValues).toEqual({ title: 'Rules', slug: 'game-rules', body: detail.body.data.body })
  })

  it('publishes a page to the participant site and archives it away (404) on the next request', async () => {
    const { admin, base, create, get, version } = await setup()
    const id = await create('House rules', 'house-rules', RULES)
    // The site reads first, so a kept copy would be stale after each change.
    expect((await get<PublicProgram>('/public/program')).body.published_program_pages.map((p) => p.slug)).not.toContain('house-rules')
    expect((await get('/public/pages/house-rules')).status).toBe(404)

    const before = await version()
    const published = await admin.json<Result>(`${base}/${id}/publish`, { method: 'POST' })
    expect(published.status, JSON.stringify(published.body)).toBe(200)
    expect(published.body.data).toEqual({ id, status: 'published' })
    expect(await version()).toBeGreaterThan(before)
    expect((await get<PublicProgram>('/public/program')).body.published_program_pages).toContainEqual(expect.objectContaining({ slug: 'house-rules', title: 'House rules' }))
    const page = await get<{ title: string; body: string }>('/public/pages/house-rules')
    expect(page.status).toBe(200)
    expect(page.body.body).not.toMatch(/<script|onerror|onclick|javascript:/i)
    expect(page.body.body).toContain('Play fair.')

    const list = await admin.json<ProgramPageList>(base)
    expect(list.body.data.find((p) => p.id === id)).toMatchObject({ status: 'published', slug: 'house-rules' })
    expect(Date.parse(list.body.data.find((p) => p.id === id)!.published_at!)).not.toBeNaN()

    const archived = await admin.json<Result>(`${base}/${id}/archive`, { method: 'POST' })
    expect(archived.body.data).toEqual({ id, status: 'archived' })
    expect((await get('/public/pages/house-rules')).status).toBe(404)
    expect((await get<PublicProgram>('/public/program')).body.published_program_pages.map((p) => p.slug)).not.toContain('house-rules')
    expect((await admin.json<ProgramPageList>(`${base}?q=house`)).body.data.map((p) => [p.slug, p.status])).toEqual([['house-rules', 'archived']])
  })

  it('keeps slugs unique per program and names the field in validation errors', async () => {
    const t = await setup()
    const { admin, base, create } = t
    await create('FAQ', 'faq')
    const other = await create('Other', 'other')
    const dup = await admin.json<Result>(base, { json: { title: 'Again', slug: 'faq', body: '' } })
    expect(dup.status).toBe(422)
    expect(dup.body).toEqual({ success: false, errors: { slug: 'Slug has already been taken' } })
    const renameDup = await admin.json<Result>(`${base}/${other}`, { method: 'PUT', json: { title: 'Other', slug: 'faq', body: '' } })
    expect(renameDup.body.errors).toEqual({ slug: 'Slug has already been taken' })
    const bad = await admin.json<Result>(base, { json: { title: ' ', slug: 'Not a slug!', body: '' } })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({ title: 'Title is required', slug: 'Slug may only contain lowercase letters, digits and single hyphens' })
    expect((await admin.json<Result>(base, { json: { title: 'Sign in', slug: 'signin' } })).body.errors).toEqual({ slug: 'Slug is reserved by the participant site' })

    // Another program may use the same slug; its pages are 404 through this program's path.
    const links = await programByKey(t, 'links')
    const foreign = await admin.json<Result>(`/admin/v2/programs/${links.id}/program_pages`, { json: { title: 'FAQ', slug: 'faq', body: '' } })
    expect(foreign.status).toBe(201)
    const fid = foreign.body.data!.id
    for (const path of ['', '/edit']) expect((await admin.json(`${base}/${fid}${path}`)).status, path).toBe(404)
    expect((await admin.json(`${base}/${fid}`, { method: 'PUT', json: { title: 'x', slug: 'x', body: '' } })).status).toBe(404)
    expect((await admin.json(`${base}/${fid}/publish`, { method: 'POST' })).status).toBe(404)
  })

  it('needs program update', async () => {
    const t = await setup()
    const viewer = await adminWith(t, 'pages-viewer@example.com', t.program.id, [['challenges', 'manage']])
    expect((await viewer.json(t.base)).status).toBe(403)
    expect((await viewer.json(t.base, { json: { title: 'x', slug: 'x' } })).status).toBe(403)
    const editor = await adminWith(t, 'pages-editor@example.com', t.program.id, [['program', 'update']])
    expect((await editor.json(t.base, { json: { title: 'Editor page', slug: 'editor-page' } })).status).toBe(201)
  })
})
