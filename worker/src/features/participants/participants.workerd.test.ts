import { env, SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ImportJob, ImportJobReport, ParticipantListResponse } from '../../../../sdk/contract/console/participants'
import { base, mailFor, seed, TokenClient } from '../../../test/workerd-helpers'

/** A browser for the console inside workerd: cookies kept, the CSRF token echoed on writes. */
class ConsoleBrowser {
  cookies = new Map<string, string>()
  csrf = ''
  async request(path: string, init: RequestInit & { json?: unknown } = {}) {
    const headers = new Headers(init.headers)
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '))
    const method = init.method ?? (init.json !== undefined || init.body ? 'POST' : 'GET')
    if (method !== 'GET') headers.set('x-csrf-token', this.csrf)
    let body = init.body
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json')
      body = JSON.stringify(init.json)
    }
    const res = await SELF.fetch(`${base}${path}`, { ...init, method, headers, body: body ?? null })
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const [name, ...rest] = pair!.split('=')
      this.cookies.set(name!.trim(), rest.join('='))
    }
    return res
  }
  async json<T = Record<string, any>>(path: string, init: RequestInit & { json?: unknown } = {}) {
    const res = await this.request(path, init)
    return { status: res.status, body: (await res.json()) as T }
  }
  static async signIn(email: string) {
    const b = new ConsoleBrowser()
    b.csrf = (await b.json<{ csrf_token: string }>('/public/csrf')).body.csrf_token
    const start = await b.json<{ data: { browser_token: string } }>('/admin/v2/auth/start', { json: { email } })
    const { code } = await mailFor(email)
    const verify = await b.request('/admin/v2/auth/verify', { json: { otp: code, browser_token: start.body.data.browser_token } })
    expect(verify.status).toBe(200)
    return b
  }
}

let admin: ConsoleBrowser
let programId: number

beforeAll(async () => {
  await seed()
  admin = await ConsoleBrowser.signIn('admin@tessera.dev')
  const programs = await admin.json<{ data: { id: number; public_key: string }[] }>('/admin/v2/programs')
  programId = programs.body.data.find((p) => p.public_key === 'demo')!.id
})

async function finished(jobId: number): Promise<ImportJobReport> {
  for (let i = 0; i < 300; i++) {
    const r = await admin.json<ImportJobReport>(`/admin/v2/programs/${programId}/participants/imports/${jobId}?per_page=500`)
    if (r.body.data.status === 'done' || r.body.data.status === 'failed') return r.body
    await new Promise((res) => setTimeout(res, 100))
  }
  throw new Error(`import ${jobId} did not finish`)
}

describe('participants on the Workers entry (workerd + D1)', () => {
  it('imports through the import Queue in chunks, reports bad lines, and a second run of the file changes nothing', async () => {
    const lines = ['email,first_name,last_name,points,tags']
    for (let i = 0; i < 130; i++) lines.push(i === 40 ? 'broken-address,X,Y,1,' : i === 90 ? `wd${i}@example.com,X,Y,-1,` : `wd${i}@example.com,W${i},D${i},${i},${i % 2 ? 'wd-odd' : ''}`)
    const file = `${lines.join('\n')}\n`
    const upload = async () => {
      const form = new FormData()
      form.set('email', 'replace')
      form.set('points', 'replace')
      form.set('csv_file', new Blob([file], { type: 'text/csv' }), 'wd.csv')
      return admin.json<{ data: ImportJob }>(`/admin/v2/programs/${programId}/participants/import`, { method: 'POST', body: form })
    }
    expect(env.IMPORT_QUEUE, 'the import queue is bound (wrangler.toml)').toBeDefined()
    const first = await upload()
    expect(first.status).toBe(202)
    expect(first.body.data.status).toBe('queued')
    const report = await finished(first.body.data.id)
    expect(report.data).toMatchObject({ status: 'done', total_rows: 130, imported_rows: 128, failed_rows: 2 })
    expect(report.errors).toEqual([
      { line: 42, field: 'email', reason: 'is not a valid e-mail address' },
      { line: 92, field: 'points', reason: 'must be a whole number from 0 to 1,000,000,000' },
    ])
    const tagged = await admin.json<ParticipantListResponse>(`/admin/v2/programs/${programId}/participants?tag=wd-odd&status=active&sort=points&order=desc&per_page=50`)
    expect(tagged.body.meta.total).toBe(65)
    expect(tagged.body.data[0]).toMatchObject({ email: 'wd129@example.com', unused_points: 129, tag_list: ['wd-odd'] })
    const csv = await (await admin.request(`/admin/v2/programs/${programId}/participants.csv?type=import`)).text()

    const again = await upload()
    expect((await finished(again.body.data.id)).data).toMatchObject({ imported_rows: 128, failed_rows: 2 })
    const after = await admin.json<ParticipantListResponse>(`/admin/v2/programs/${programId}/participants?tag=wd-odd&status=active&sort=points&order=desc&per_page=50`)
    expect(after.body.data).toEqual(tagged.body.data)
    expect(await (await admin.request(`/admin/v2/programs/${programId}/participants.csv?type=import`)).text()).toBe(csv)
  })

  it('refuses a blocked participant on the very next request', async () => {
    const member = await new TokenClient().signUp('wd-blocked@example.com')
    expect((await member.request('/public/participant')).status).toBe(200)
    const found = await admin.json<ParticipantListResponse>(`/admin/v2/programs/${programId}/participants?q=wd-blocked@`)
    const id = found.body.data[0]!.id
    const blocked = await admin.json(`/admin/v2/programs/${programId}/participants/${id}`, { json: { intent: 'update_participant', status: 'blocked' } })
    expect(blocked.body).toMatchObject({ success: true, message: 'Participant updated' })
    expect((await member.request('/public/participant')).status).toBe(401)
  })
})
