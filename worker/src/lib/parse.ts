import type { Context } from 'hono'
import type { z } from 'zod'
import type { AppEnv } from '../env'
import { AppError } from './errors'
import { validationError } from '../middleware/errors'

/**
 * Reads a JSON, urlencoded or multipart body into a plain object. Repeated form keys and `key[]`
 * become arrays; bracketed keys (questions[1][value][]) stay flat for the caller to interpret.
 */
export async function readBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (type === 'application/json') {
    const body = await c.req.json().catch(() => {
      throw new AppError('validation_failed', 400, 'The request body is not valid JSON')
    })
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new AppError('validation_failed', 422, 'The request body must be a JSON object')
    return body as Record<string, unknown>
  }
  if (type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded') {
    const form = await c.req.parseBody({ all: true })
    const out: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(form)) {
      const name = key.endsWith('[]') ? key.slice(0, -2) : key
      setPath(out, name, key.endsWith('[]') && !Array.isArray(value) ? [value] : value)
    }
    return out
  }
  return {}
}

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/** `questions[12][value]` -> out.questions['12'].value (form fields of participant-site.md section 7). */
function setPath(out: Record<string, unknown>, name: string, value: unknown) {
  const parts = name.match(/^([^[\]]+)((?:\[[^[\]]*\])*)$/)
  const segments = parts ? [parts[1]!, ...[...parts[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)] : [name]
  if (segments.some((s) => UNSAFE_KEYS.has(s)) || segments.length > 5) return
  let node = out
  for (const segment of segments.slice(0, -1)) {
    const next = node[segment]
    if (!next || typeof next !== 'object' || Array.isArray(next)) node[segment] = {}
    node = node[segment] as Record<string, unknown>
  }
  node[segments[segments.length - 1]!] = value
}

/** Parses the body with a contract schema; failures become one 422 naming each field. */
export async function parseBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.output<S>> {
  const result = schema.safeParse(await readBody(c))
  if (!result.success) throw validationError(result.error)
  return result.data
}

export function parseQuery<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.output<S> {
  const result = schema.safeParse(c.req.query())
  if (!result.success) throw validationError(result.error)
  return result.data
}
