import { isDeepStrictEqual } from 'node:util'
import * as z from 'zod'
import type { ApiV1Operation } from '../../../../sdk/contract/api-v1'
import type { PublicOperation } from '../../../../sdk/contract/api-v1/public'

/**
 * The CI check of the OpenAPI document (docs/decisions/0025-server-api-v1.md): every route the app
 * mounts under the checked prefixes is documented with its method (and nothing else is), and every
 * operation's parameters, body and answers in the document equal zod's own JSON Schema of the schemas
 * the route validates with. It answers a list of problems, empty when the two agree; the worker's
 * tests run it on the real app and document, and on deliberately drifted ones.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- OpenAPI and JSON Schema documents of any shape
type Json = Record<string, any>
type Operation = ApiV1Operation | PublicOperation
type Route = { method: string; path: string }

/** Hono's `/participants/:id` and `/x/:reward_id{[0-9]+}/y` in OpenAPI form (`{id}`, `{reward_id}`). */
export const openApiPathOf = (honoPath: string) => honoPath.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')

/**
 * Replaces every `$ref` by what it points at (`lookup`), recursively; a reference met again inside
 * itself (a recursive schema) becomes `{ $ref: 'cycle' }`, so two renderings of the same recursive
 * schema unroll to the same tree wherever their definitions live.
 */
function resolve(node: unknown, lookup: (ref: string) => unknown, stack: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((n) => resolve(n, lookup, stack))
  if (!node || typeof node !== 'object') return node
  const { $ref, $schema: _s, $defs: _d, $id: _i, ...rest } = node as Json
  const out: Json = {}
  for (const [k, v] of Object.entries(rest)) out[k] = resolve(v, lookup, stack)
  if (typeof $ref !== 'string') return out
  if (stack.includes($ref)) return { ...out, $ref: 'cycle' }
  const target = lookup($ref)
  if (target === undefined) return { ...out, $ref: `missing ${$ref}` }
  return { ...(resolve(target, lookup, [...stack, $ref]) as Json), ...out }
}

/** zod's JSON Schema of a schema, its own `#/$defs` resolved in place. */
function expected(schema: z.ZodType, io: 'input' | 'output'): unknown {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json
  return resolve(json, (ref) => (ref.startsWith('#/$defs/') ? json.$defs?.[ref.slice('#/$defs/'.length)] : undefined))
}

/** A schema as the document states it, its `#/components/schemas/` references resolved. */
function documented(doc: Json, schema: unknown): unknown {
  const prefix = '#/components/schemas/'
  return resolve(schema, (ref) => (ref.startsWith(prefix) ? doc.components?.schemas?.[ref.slice(prefix.length)] : undefined))
}

/** The document's path or query parameters put back together as one object schema, to compare with the contract's. */
function parametersAsObject(doc: Json, parameters: Json[] | undefined, where: 'path' | 'query') {
  const mine = (parameters ?? []).filter((p) => p.in === where)
  const properties: Json = {}
  const required: string[] = []
  for (const p of mine) {
    const name = where === 'query' ? String(p.name).replace(/\[\]$/, '') : String(p.name)
    properties[name] = documented(doc, p.schema)
    if (p.required) required.push(name)
  }
  return { properties, required: required.sort() }
}

function contractAsObject(schema: z.ZodObject | undefined, where: 'path' | 'query') {
  if (!schema) return { properties: {}, required: [] }
  const json = expected(schema, 'input') as Json
  // Path parameters are always required in OpenAPI, whatever the schema says.
  const required = where === 'path' ? Object.keys(json.properties ?? {}) : (json.required ?? [])
  return { properties: json.properties ?? {}, required: [...required].sort() }
}

/** Differences of two JSON values, as `path: documented … contract …` lines (first few). */
function diff(a: unknown, b: unknown, at: string, out: string[]) {
  if (isDeepStrictEqual(a, b) || out.length > 20) return
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) diff((a as Json)[key], (b as Json)[key], `${at}.${key}`, out)
    return
  }
  out.push(`${at}: document ${JSON.stringify(a)?.slice(0, 160)} ≠ contract ${JSON.stringify(b)?.slice(0, 160)}`)
}

/**
 * Problems between the app's routes, the operation tables and the document:
 * - `undocumented route GET /public/x`: mounted (under `prefixes`) but not in the document;
 * - `not mounted GET /api/v1/x`: in the document but no such route;
 * - `GET /api/v1/x query.properties.limit: ...`: the document's schema differs from the contract's.
 */
export function openApiProblems(doc: Json, operations: Operation[], routes: Route[], prefixes: string[]): string[] {
  const problems: string[] = []
  const under = (path: string) => prefixes.some((p) => path.startsWith(p))
  const docOps = new Set(
    Object.entries((doc.paths ?? {}) as Record<string, Json>)
      .filter(([path]) => under(path))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)),
  )
  const mounted = new Set(routes.filter((r) => r.method !== 'ALL' && under(r.path) && !r.path.endsWith('*')).map((r) => `${r.method} ${openApiPathOf(r.path)}`))
  for (const m of mounted) if (!docOps.has(m)) problems.push(`undocumented route ${m}`)
  for (const d of docOps) if (!mounted.has(d)) problems.push(`not mounted ${d}`)

  for (const op of operations.filter((o) => under(o.path))) {
    const name = `${op.method.toUpperCase()} ${op.path}`
    const entry = doc.paths?.[op.path]?.[op.method] as Json | undefined
    if (!entry) {
      problems.push(`${name}: not in the document`)
      continue
    }
    const found: string[] = []
    if (entry.operationId !== op.operationId) found.push(`operationId: document ${entry.operationId} ≠ contract ${op.operationId}`)
    diff(parametersAsObject(doc, entry.parameters, 'path'), contractAsObject(op.params, 'path'), 'path', found)
    diff(parametersAsObject(doc, entry.parameters, 'query'), contractAsObject(op.query, 'query'), 'query', found)
    const body = entry.requestBody?.content?.['application/json']?.schema
    diff(body === undefined ? undefined : documented(doc, body), op.body ? expected(op.body, 'input') : undefined, 'body', found)
    for (const [status, schema] of Object.entries(op.responses) as [string, z.ZodType][]) {
      const answer = entry.responses?.[status]?.content?.['application/json']?.schema
      diff(answer === undefined ? undefined : documented(doc, answer), expected(schema, 'output'), `responses.${status}`, found)
    }
    problems.push(...found.map((f) => `${name} ${f}`))
  }
  return problems
}
