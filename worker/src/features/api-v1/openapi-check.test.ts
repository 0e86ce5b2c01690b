import { type Context, Hono } from 'hono'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { z } from 'zod'
import { type ApiV1Operation, apiV1OperationTable, apiV1Operations, ledgerQuerySchema, pointsAdjustSchema } from '../../../../sdk/contract/api-v1'
import { buildApiV1OpenApi } from '../../../../sdk/contract/api-v1/openapi'
import { publicOperations } from '../../../../sdk/contract/api-v1/public'
import { createParticipantSession } from '../signin/sessions'
import { programScope } from '../../db/scope'
import { createApiKey } from '../integrations/api-keys'
import { programByKey } from '../participants/participants-fixtures'
import { makeTestApp, quickParticipant } from '../../../test/helpers'
import { openApiProblems } from './openapi-check'
import { apiV1Routes, buildApiV1Routes } from './routes'

// Every schema a participant-API handler parses its body or query with, as it does it.
const parsed = vi.hoisted(() => [] as { kind: 'body' | 'query'; schema: unknown }[])
vi.mock('../../lib/parse', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/parse')>()
  return {
    ...real,
    parseBody: (c: never, schema: z.ZodType) => {
      parsed.push({ kind: 'body', schema })
      return real.parseBody(c, schema)
    },
    parseQuery: (c: never, schema: z.ZodType) => {
      parsed.push({ kind: 'query', schema })
      return real.parseQuery(c, schema)
    },
  }
})

const PREFIXES = ['/api/v1/', '/public/']
const ALL = [...apiV1Operations, ...publicOperations]
const clone = <T>(v: T): T => structuredClone(v)

describe('OpenAPI document against the routes and the contract', () => {
  beforeEach(() => {
    parsed.length = 0
  })

  it('documents every mounted /api/v1 and /public route with its method, with the schemas the routes validate with', async () => {
    const t = await makeTestApp()
    const doc = buildApiV1OpenApi()
    expect(openApiProblems(doc, ALL, t.app.routes, PREFIXES)).toEqual([])
    // Both APIs are in: tags, security schemes, every table entry.
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/public/')).length).toBeGreaterThanOrEqual(30)
    expect(doc.paths['/public/challenges/submit']!.post).toMatchObject({ tags: ['Participant API'], security: [{ participantCookie: [] }, { participantToken: [] }] })
    expect(doc.components.securitySchemes).toHaveProperty('participantCookie.in', 'cookie')
  })

  it('reports a mounted route that is missing from the document, with its method', () => {
    const doc = buildApiV1OpenApi()
    const app = new Hono().route('/api/v1', apiV1Routes)
    app.get('/api/v1/participants/:id/rewards', (c) => c.json({}))
    app.post('/public/rewards/:reward_id{[0-9]+}/share', (c) => c.json({}))
    // The right path under another method is not documented either.
    app.put('/api/v1/participants/:id', (c) => c.json({}))
    expect(openApiProblems(doc, ALL, app.routes, PREFIXES)).toEqual(
      expect.arrayContaining(['undocumented route GET /api/v1/participants/{id}/rewards', 'undocumented route POST /public/rewards/{reward_id}/share', 'undocumented route PUT /api/v1/participants/{id}']),
    )
  })

  it('reports a document that drifted from the contract: a body limit, an answer field, a parameter, a method, a public answer', () => {
    const routes = new Hono().route('/api/v1', apiV1Routes).routes
    const v1 = (doc: ReturnType<typeof buildApiV1OpenApi>) => openApiProblems(doc, apiV1Operations, routes, ['/api/v1/'])
    expect(v1(buildApiV1OpenApi())).toEqual([])

    const limit = clone(buildApiV1OpenApi())
    ;(limit.components.schemas.PointsAdjust as any).properties.amount.maximum = 5
    expect(v1(limit)).toEqual([expect.stringMatching(/^POST \/api\/v1\/participants\/\{id\}\/points body\.properties\.amount\.maximum: document 5 ≠ contract 10000000/)])

    const field = clone(buildApiV1OpenApi())
    delete (field.components.schemas.Participant as any).properties.lifetime_points
    expect(v1(field).some((p) => p.startsWith('GET /api/v1/participants/{id} responses.200.properties.lifetime_points'))).toBe(true)

    const param = clone(buildApiV1OpenApi()) as any
    param.paths['/api/v1/participants/{id}/ledger'].get.parameters = param.paths['/api/v1/participants/{id}/ledger'].get.parameters.filter((p: any) => p.name !== 'expand[]')
    expect(v1(param)).toEqual([expect.stringContaining('GET /api/v1/participants/{id}/ledger query.properties.expand')])

    const method = clone(buildApiV1OpenApi()) as any
    method.paths['/api/v1/identity_tokens'] = { put: method.paths['/api/v1/identity_tokens'].post }
    expect(v1(method)).toEqual(expect.arrayContaining(['undocumented route POST /api/v1/identity_tokens', 'not mounted PUT /api/v1/identity_tokens', 'POST /api/v1/identity_tokens: not in the document']))

    const pub = clone(buildApiV1OpenApi()) as any
    pub.paths['/public/csrf'].get.responses['200'].content['application/json'].schema = { type: 'object', properties: { token: { type: 'string' } } }
    expect(openApiProblems(pub, publicOperations, [], ['/public/']).filter((p) => p.startsWith('GET /public/csrf'))).toEqual(
      expect.arrayContaining([expect.stringContaining('GET /public/csrf responses.200.properties.csrf_token: document undefined ≠ contract {"type":"string"}')]),
    )
  })

  it('reports a contract that drifted from the document (a route validating with another schema)', () => {
    const doc = buildApiV1OpenApi()
    const drifted: ApiV1Operation[] = apiV1Operations.map((op) => (op.operationId === 'listLedger' ? { ...op, query: ledgerQuerySchema.extend({ limit: ledgerQuerySchema.shape.limit.removeDefault().max(50) }) } : op))
    const problems = openApiProblems(doc, drifted, new Hono().route('/api/v1', apiV1Routes).routes, ['/api/v1/'])
    expect(problems).toEqual([
      'GET /api/v1/participants/{id}/ledger query.properties.limit.default: document 20 ≠ contract undefined',
      'GET /api/v1/participants/{id}/ledger query.properties.limit.maximum: document 100 ≠ contract 50',
      'GET /api/v1/participants/{id}/ledger query.required: document [] ≠ contract ["limit"]',
    ])
  })

  it('builds the /api/v1 router from the operation table: a route validates with its table entry’s schemas', async () => {
    const t = await makeTestApp()
    const program = await programByKey(t, 'demo')
    const made = await createApiKey(programScope(t.db, program.id), t.deps, { name: 'table', expires_at: new Date(t.clock.now() + 86_400_000 * 5).toISOString().slice(0, 10) }, null)
    if (made.status !== 201) throw new Error('no key')
    // The same table, with the points body capped at 5: the router built from it refuses 6.
    const capped = pointsAdjustSchema.extend({ amount: pointsAdjustSchema.shape.amount.max(5) })
    const table: Record<string, ApiV1Operation> = { ...apiV1OperationTable, adjustPoints: { ...apiV1OperationTable.adjustPoints, body: capped } }
    const seen: unknown[] = []
    const impl = Object.fromEntries(Object.keys(table).map((id) => [id, (c: Context, input: unknown) => (seen.push(input), c.json({ id }))]))
    const app = new Hono().use((c, next) => (c.set('deps' as never, t.deps as never), c.set('requestId' as never, 'req-1' as never), next())).route('/api/v1', buildApiV1Routes(table, impl))
    expect(openApiProblems(buildApiV1OpenApi(), apiV1Operations, app.routes, ['/api/v1/'])).toEqual([])
    const adjust = (amount: number, key: string) =>
      app.request('/api/v1/participants/7/points', { method: 'POST', headers: { authorization: `Bearer ${made.result.data!.api_key}`, 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify({ type: 'earn', amount, reason: 'x' }) })
    const refused = await adjust(6, 'k6')
    expect(refused.status).toBe(422)
    expect(((await refused.json()) as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty('amount')
    expect((await adjust(5, 'k5')).status).toBe(200)
    expect(seen).toEqual([{ params: { id: 7 }, query: undefined, body: { type: 'earn', amount: 5, reason: 'x' } }])
    // And the check reports this router's table against the published document.
    expect(openApiProblems(buildApiV1OpenApi(), Object.values(table), app.routes, ['/api/v1/'])).toEqual([expect.stringMatching(/^POST \/api\/v1\/participants\/\{id\}\/points body\.properties\.amount\.maximum: document 10000000 ≠ contract 5$/)])
  })

  it('every /public handler parses its body and query with exactly the schema the document shows (recorded while the real app answers)', async () => {
    const t = await makeTestApp()
    const { participant, program } = await quickParticipant(t, 'openapi-probe@example.com')
    // A fresh session token for every call (the sign-out probe ends its own).
    const signedIn = async () => {
      const token = await createParticipantSession(t.db, { programId: program.id, participantId: participant.id, kind: 'token', now: t.clock.now() })
      return { host: 'localhost', 'x-program-key': 'demo', 'x-tessera-session': 'token', authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    }
    const mismatch = (op: (typeof publicOperations)[number], got: typeof parsed) => {
      const want = [...(op.query ? [{ kind: 'query', schema: op.query }] : []), ...(op.body ? [{ kind: 'body', schema: op.body }] : [])]
      const same = got.length === want.length && want.every((w) => got.some((g) => g.kind === w.kind && g.schema === w.schema))
      return same ? null : `${op.method.toUpperCase()} ${op.path}: parsed ${got.map((g) => g.kind).join(', ') || 'nothing'}, documented ${want.map((w) => w.kind).join(', ') || 'nothing'}`
    }
    const recorded = new Map<string, typeof parsed>()
    for (const op of publicOperations) {
      parsed.length = 0
      const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'slug' || name === 'code' ? 'x' : '1'))
      const res = await t.app.request(`http://localhost${path}`, { method: op.method.toUpperCase(), headers: await signedIn(), ...(op.method === 'post' ? { body: '{}' } : {}) })
      expect(res.status, `${op.operationId} ${res.status}`).toBeLessThan(500)
      recorded.set(op.operationId, [...parsed])
    }
    expect(publicOperations.map((op) => mismatch(op, recorded.get(op.operationId)!)).filter(Boolean)).toEqual([])
    // The probe bites: a table entry naming another body schema than its handler parses is reported.
    const email = publicOperations.find((o) => o.operationId === 'updateEmailSettings')!
    const submit = publicOperations.find((o) => o.operationId === 'submitChallenge')!
    expect(mismatch({ ...email, body: submit.body }, recorded.get('updateEmailSettings')!)).toMatch(/^POST \/public\/account\/update_email_settings: parsed body, documented body$/)
    expect(mismatch({ ...email, query: submit.body as never }, recorded.get('updateEmailSettings')!)).toMatch(/documented query, body$/)
  })
})
