import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { challenges } from '../../db/schema'
import { programScope } from '../../db/scope'
import { makeTestApp } from '../../../test/helpers'
import { consoleAs, programByKey } from '../participants/participants-fixtures'

type Json = Record<string, any>

const article = (content: string) => ({ name: 'Read the roast guide', challenge_type: 'article', status: 'active', points: 10, content })

describe('console challenges: the article is stored sanitized', () => {
  it('strips scripts, handlers and javascript: links on create and on update; the edit form shows the stored value', async () => {
    const t = await makeTestApp()
    const program = await programByKey(t, 'demo')
    const admin = await consoleAs(t, 'admin@tessera.dev')
    const base = `/admin/v2/programs/${program.id}/challenges`
    const created = await admin.json<Json>(base, {
      json: article('<h2>Roasts</h2><p onclick="steal()">Dark <strong>and</strong> light</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>'),
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.data.id as number
    const stored = async () => (await programScope(t.db, program.id).first(challenges, eq(challenges.id, id)))!.content ?? ''
    expect(await stored()).toBe('<h2>Roasts</h2><p>Dark <strong>and</strong> light</p><a>x</a><img src="x" loading="lazy">')

    const updated = await admin.json<Json>(`${base}/${id}`, { method: 'PUT', json: { content: '<p>New</p><svg onload=alert(1)></svg><iframe srcdoc="<script>alert(1)</script>"></iframe>' } })
    expect(updated.status, JSON.stringify(updated.body)).toBe(200)
    expect(await stored()).toBe('<p>New</p>')
    const edit = await admin.json<Json>(`${base}/${id}/edit`)
    expect(edit.body.defaultValues.content).toBe('<p>New</p>')
    // Resubmitting the same unsafe article again is no change: it sanitizes to what is stored.
    const again = await admin.json<Json>(`${base}/${id}`, { method: 'PUT', json: { content: '<p>New</p><script>x()</script>' } })
    expect(again.status).toBe(422)
  })
})
