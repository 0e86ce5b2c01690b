import type { SQL } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import * as z from 'zod'
import { type ApiV1Operation, type ApiV1OperationId, apiV1OperationTable } from '../../../../sdk/contract/api-v1'
import { buildApiV1OpenApi } from '../../../../sdk/contract/api-v1/openapi'
import { consoleOrigin } from '../../lib/origin'
import { acceptsJson } from '../../lib/accept'
import { AppError } from '../../lib/errors'
import { validationError } from '../../middleware/errors'
import { adjustParticipantPoints, findParticipants, getParticipant, participantInProgram, participantLedger, upsertParticipant } from './api-v1-service'
import { claimForParticipant, completeForParticipant, issueIdentityToken, listRewards, participantActionsPage } from './api-v1-engine'
import type { ApiV1Env } from './api-v1-env'
import { createApiReceipt } from '../receipts/receipts-api'
import { periodOf } from '../economics/period'
import { economicsReport } from '../economics/report'
import { apiIdempotency, apiKeyAuth, renderApiError, requestLog } from './api-v1-middleware'
import { apiErasure, apiExport } from '../privacy/api'

type C = Context<ApiV1Env>

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value)
  if (!result.success) throw validationError(result.error)
  return result.data
}

/** The body as JSON (the server API takes JSON only). */
async function jsonBody(c: C): Promise<unknown> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (type !== 'application/json') throw new AppError('unsupported_media_type', 415, 'Send the body as application/json')
  try {
    return JSON.parse(await c.req.text())
  } catch {
    throw new AppError('validation_failed', 400, 'The request body is not valid JSON')
  }
}

/** A body that may be left out: empty means `{}`; anything sent must be JSON. */
async function optionalJsonBody(c: C): Promise<unknown> {
  if ((await c.req.text()).trim() === '') return {}
  return jsonBody(c)
}

const isArrayField = (schema: z.ZodObject, name: string) => {
  let field = schema.shape[name] as z.ZodType | undefined
  while (field instanceof z.ZodOptional || field instanceof z.ZodDefault) field = field.unwrap() as z.ZodType
  return field instanceof z.ZodArray
}

/**
 * The query as the operation's schema reads it: `expand[]=a&expand[]=b` (and a repeated `expand=`)
 * become `expand: ['a', 'b']` for array fields; other keys keep their last value.
 */
export function queryInput(c: C, schema: z.ZodObject): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, values] of Object.entries(c.req.queries())) {
    const name = key.endsWith('[]') ? key.slice(0, -2) : key
    out[name] = isArrayField(schema, name) ? [...((out[name] as string[] | undefined) ?? []), ...values] : values[values.length - 1]
  }
  return out
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined
type Input<O> = O extends { params?: infer P; query?: infer Q; body?: infer B } ? { params: Out<P>; query: Out<Q>; body: Out<B> } : never
type Handler<O> = (c: C, input: Input<O>) => Response | Promise<Response>
type Handlers = { [K in ApiV1OperationId]: Handler<(typeof apiV1OperationTable)[K]> }

/** The document for the configured origin (its `servers`), built once per origin. */
let openApiJson: { origin: string; json: string } | undefined

/**
 * One handler per operation of `apiV1OperationTable`: the router below is built from that table, so
 * each route validates its path, query and body with exactly the schemas the OpenAPI document is
 * generated from (and TypeScript refuses a table entry without its handler here).
 */
const handlers: Handlers = {
  getOpenApi: (c) => {
    if (!acceptsJson(c.req.header('accept'))) throw new AppError('not_acceptable', 406, 'This document is JSON only: send Accept: application/json (or */*)')
    // The base URL comes from configuration (the console's host, else LOCAL_ORIGIN), never from the request.
    const origin = consoleOrigin(c.get('deps').config)
    if (openApiJson?.origin !== origin) openApiJson = { origin, json: JSON.stringify(buildApiV1OpenApi(origin)) }
    return c.body(openApiJson.json, 200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' })
  },
  upsertParticipant: async (c, { body }) => {
    const { created, participant } = await upsertParticipant(c.get('scope'), c.get('deps'), body)
    return c.json(participant, created ? 201 : 200)
  },
  findParticipants: async (c, { query }) => c.json({ object: 'list' as const, data: await findParticipants(c.get('scope'), query, c.get('requestKey')), has_more: false }),
  getParticipant: async (c, { params }) => c.json(await getParticipant(c.get('scope'), params.id, c.get('requestKey'))),
  // The answer is the JSON text the write's batch stored under the Idempotency-Key (the same bytes a retry replays).
  adjustPoints: async (c, { params, body }) =>
    c.body(await adjustParticipantPoints(c.get('scope'), c.get('deps'), params.id, body, c.get('idempotencyKey')!, c.get('idempotentWrite')!), 201, { 'content-type': 'application/json' }),
  exportParticipant: async (c, { params }) => c.json(await apiExport(c.get('scope'), c.get('deps'), params.id)),
  eraseParticipant: async (c, { params }) => c.json(await apiErasure(c.get('scope'), c.get('deps'), params.id)),
  listLedger: async (c, { params, query }) => c.json(await participantLedger(c.get('scope'), params.id, query, c.get('requestKey'))),
  listActions: async (c, { params, query }) => c.json(await participantActionsPage(c.get('scope'), c.get('deps'), params.id, query, c.get('requestKey'))),
  completeChallenge: async (c, { params }) => c.json(await completeForParticipant(c.get('scope'), c.get('deps'), params.id, params.challenge_id), 201),
  listRewards: async (c, { query }) => c.json(await listRewards(c.get('scope'), c.get('deps'), query)),
  claimReward: async (c, { params, body }) => c.json(await claimForParticipant(c.get('scope'), c.get('deps'), params.id, params.reward_id, body, c.get('idempotencyKey')!), 201),
  createIdentityToken: async (c, { body }) => c.json(await issueIdentityToken(c.get('scope'), c.get('deps'), body), 201),
  getEconomics: async (c, { query }) => {
    const now = c.get('deps').clock.now()
    return c.json(await economicsReport(c.get('scope'), periodOf(query, now), now))
  },
  createReceipt: async (c, { body }) => {
    const { created, receipt } = await createApiReceipt(c.get('scope'), c.get('deps'), body)
    return c.json(receipt, created ? 201 : 200)
  },
}

/** `/api/v1/participants/{id}` -> `/participants/:id` (the sub-app is mounted at /api/v1). */
export const honoPathOf = (path: string) => path.replace(/^\/api\/v1/, '').replace(/\{(\w+)\}/g, ':$1')

/**
 * Reads whose first statement carries the API key's check (RequestKey.rateNow, decision 0037): a call
 * on a key kept in the isolate makes no statement for it. Every other call on a kept key confirms it
 * by a statement before its work, unless its Idempotency-Key's claim did.
 */
const KEY_CHECKED_IN_READ: ReadonlySet<string> = new Set<string>(['getParticipant', 'findParticipants', 'listLedger', 'listActions'] satisfies ApiV1OperationId[])

/** What an operation's Idempotency-Key claim reads along for its handler (idempotentWrite.claimRead). */
const CLAIM_READS: Partial<Record<ApiV1OperationId, (c: C) => SQL>> = {
  // Whether the participant is in the key's program: the points adjust then makes no statement before its batch.
  adjustPoints: (c) => participantInProgram(c.get('scope'), Number(c.req.param('id'))),
}

function mount(app: Hono<ApiV1Env>, id: string, op: ApiV1Operation, handler: Handler<ApiV1Operation>) {
  const run = async (c: C) => {
    const key = c.get('requestKey')
    if (key && !KEY_CHECKED_IN_READ.has(id)) await key.ensure()
    let res: Response
    try {
      const input = {
        params: op.params ? parse(op.params, c.req.param()) : undefined,
        query: op.query ? parse(op.query, queryInput(c, op.query)) : undefined,
        body: op.body ? parse(op.body, op.bodyOptional ? await optionalJsonBody(c) : await jsonBody(c)) : undefined,
      }
      res = await handler(c, input as Input<ApiV1Operation>)
    } catch (err) {
      // A refused key answers 401 before anything else, a validation error or a 404 included.
      await key?.ensure()
      throw err
    }
    // A read that made no statement (a lookup without a filter) checks its key now, before answering.
    await key?.ensure()
    return res
  }
  const method = op.method.toUpperCase()
  if (op.idempotency) app.on(method, honoPathOf(op.path), apiIdempotency(op.idempotency, CLAIM_READS[id as ApiV1OperationId]), run)
  else app.on(method, honoPathOf(op.path), run)
}

/**
 * The server API, mounted at `/api/v1` (docs/decisions/0025-server-api-v1.md), built from the
 * contract's operation table. Every call but the OpenAPI document needs a program API key; the key's
 * program is the only one a call can touch.
 */
export function buildApiV1Routes(table: Record<string, ApiV1Operation> = apiV1OperationTable, impl: Record<string, Handler<ApiV1Operation>> = handlers as unknown as Record<string, Handler<ApiV1Operation>>) {
  const app = new Hono<ApiV1Env>().use(requestLog)
  const entries = Object.entries(table)
  for (const [id, op] of entries) if (op.public) mount(app, id, op, impl[id]!)
  app.use(apiKeyAuth)
  for (const [id, op] of entries) if (!op.public) mount(app, id, op, impl[id]!)
  app.all('/*', (c) => {
    throw new AppError('not_found', 404, `No route for ${c.req.method} ${c.req.path}`)
  })
  app.onError((err, c) => renderApiError(err, c))
  return app
}

export const apiV1Routes = buildApiV1Routes()
