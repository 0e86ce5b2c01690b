import type { Context } from 'hono'
import type { z } from 'zod'
import type { AppEnv } from '../env'
import { AppError } from './errors'
import { validationError } from '../middleware/errors'

const bodyType = (c: Context<AppEnv>) => (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase()

/**
 * Reads a JSON, urlencoded or multipart body into a plain object. For forms: repeated keys and
 * `key[]` become arrays; bracketed keys nest (`questions[12][value]` -> questions['12'].value), and
 * a level whose keys are exactly 0..n-1 (`receipt_items[0][price]`, `receipt_items[1][price]`) becomes
 * an array of n entries in index order. Other numeric keys (ids such as questions[12]) stay object keys.
 * Form values stay text (or File): the schema coerces numbers.
 */
export async function readBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const type = bodyType(c)
  if (type === 'application/json') {
    const body = await c.req.json().catch(() => {
      throw new AppError('validation_failed', 400, 'The request body is not valid JSON')
    })
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new AppError('validation_failed', 422, 'The request body must be a JSON object')
    return body as Record<string, unknown>
  }
  if (isFormBody(c)) {
    const form = await c.req.parseBody({ all: true })
    const out: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(form)) {
      const name = key.endsWith('[]') ? key.slice(0, -2) : key
      setPath(out, name, key.endsWith('[]') && !Array.isArray(value) ? [value] : value)
    }
    for (const key of Object.keys(out)) out[key] = indexedToArrays(out[key])
    return out
  }
  return {}
}

/** Whether the request body is a form (multipart or urlencoded), whose fields are named with brackets. */
export function isFormBody(c: Context<AppEnv>): boolean {
  const type = bodyType(c)
  return type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded'
}

/** A field path as a form names the field: `receipt_items.0.price` -> `receipt_items[0][price]`. */
export const formFieldName = (path: string): string => path.replace(/\.([^.]+)/g, '[$1]')

/**
 * Field errors keyed as the client named its fields: a form body's bracketed names
 * (`receipt_items[0][price]`), a JSON body's dotted paths (`receipt_items.0.price`) as they are.
 */
export function fieldsAsSent<E extends Record<string, string> | string[]>(c: Context<AppEnv>, fields: E): E {
  if (Array.isArray(fields) || !isFormBody(c)) return fields
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [formFieldName(k), v])) as E
}

/** An AppError naming fields (its fields, message and any `errors` body field) keyed as fieldsAsSent does; other errors as they are. */
export function errorAsSent(c: Context<AppEnv>, err: unknown): unknown {
  if (!(err instanceof AppError) || !err.fields || !isFormBody(c)) return err
  const named = err.fields
  const message = Object.keys(named).reduce((m, k) => m.replaceAll(`${k}: `, `${formFieldName(k)}: `), err.message)
  const errors = err.extra?.errors
  const extra = errors && typeof errors === 'object' ? { ...err.extra, errors: fieldsAsSent(c, errors as Record<string, string> | string[]) } : err.extra
  return new AppError(err.code, err.status, message, fieldsAsSent(c, named), extra)
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

const INDEX = /^(0|[1-9]\d*)$/

/**
 * A nested object setPath built, with each level keyed exactly 0..n-1 turned into an array (deepest
 * first; the body itself stays an object). Only plain objects are walked: File values and arrays of
 * repeated values are left as they are.
 */
function indexedToArrays(node: unknown): unknown {
  if (!node || typeof node !== 'object' || Object.getPrototypeOf(node) !== Object.prototype) return node
  const record = node as Record<string, unknown>
  for (const key of Object.keys(record)) record[key] = indexedToArrays(record[key])
  const keys = Object.keys(record)
  if (!keys.length || !keys.every((k) => INDEX.test(k) && Number(k) < keys.length)) return record
  return Array.from({ length: keys.length }, (_, i) => record[String(i)])
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
