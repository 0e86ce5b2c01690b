import Papa from 'papaparse'
import * as z from 'zod'
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportRowError, type ParticipantImportOptions, tagSchema } from '../../../../sdk/contract/console/participants'
import { AppError } from '../../lib/errors'
import { unescapeCell } from '../../lib/csv'
import { BASE_IMPORT_COLUMNS } from './import-template'

/** Every refusal of the file as a whole: one 422 naming csv_file, and nothing written. */
export const csvFileError = (reason: string) => new AppError('validation_failed', 422, `csv_file: ${reason}`, { csv_file: reason })

export type ImportFileRow = { line: number; data: Record<string, string> } & ({ error: null } | { error: ImportRowError })
export type ImportFile = { header: string[]; rows: ImportFileRow[]; hash: string; bytes: number }

const MAX_MB = IMPORT_MAX_BYTES / 1024 / 1024
/** Control characters no text file holds (tab, line feed and carriage return are allowed). */
const BINARY = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/
const emailSchema = z.string().email()
const MAX_NAME = 100
const MAX_TAGS = 50
const MAX_VALUE = 5000

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>))
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * Reads an uploaded file by its bytes, never its name or declared type: at most 5 MB, UTF-8 text
 * without binary control characters, comma-separated CSV that papaparse reads without a quoting error,
 * a header naming `email` and only known columns, at most 50,000 rows. Anything else is a csv_file 422.
 */
export async function readImportFile(file: unknown, attributeNames: string[], options: ParticipantImportOptions): Promise<ImportFile> {
  if (!file || typeof file === 'string' || typeof (file as Blob).arrayBuffer !== 'function') throw csvFileError('is required')
  const blob = file as Blob
  if (blob.size > IMPORT_MAX_BYTES) throw csvFileError(`must be at most ${MAX_MB} MB`)
  const bytes = new Uint8Array(await blob.arrayBuffer())
  if (!bytes.length) throw csvFileError('is empty')
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    throw csvFileError('is not a CSV file: it is not UTF-8 text')
  }
  if (BINARY.test(text)) throw csvFileError('is not a CSV file: it holds binary data')
  const parsed = Papa.parse<string[]>(text, { delimiter: ',', skipEmptyLines: false })
  const quoteError = parsed.errors.find((e) => e.type === 'Quotes')
  if (quoteError) throw csvFileError(`is not valid CSV: ${quoteError.message.toLowerCase()} on line ${(quoteError.row ?? 0) + 1}`)
  const records = parsed.data
  const header = (records[0] ?? []).map((h) => h.trim().toLowerCase())
  if (!header.length || header.every((h) => !h)) throw csvFileError('is empty')
  checkHeader(header, attributeNames)
  const body = records.slice(1).map((cells, i) => ({ line: i + 2, cells })).filter((r) => !(r.cells.length === 1 && r.cells[0]!.trim() === ''))
  if (!body.length) throw csvFileError('has no rows under its header')
  if (body.length > IMPORT_MAX_ROWS) throw csvFileError(`has ${body.length.toLocaleString('en-US')} rows: at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} per file`)
  const firstLine = new Map<string, number>()
  const rows = body.map((r) => checkRow(r.line, header, r.cells, options, firstLine))
  return { header, rows, hash: await sha256Hex(bytes), bytes: bytes.length }
}

function checkHeader(header: string[], attributeNames: string[]) {
  const known = new Set<string>([...BASE_IMPORT_COLUMNS, ...attributeNames])
  if (!header.includes('email')) {
    const hint = header.length === 1 && /[;\t|]/.test(header[0]!) ? ' (the file must be comma-separated)' : ''
    throw csvFileError(`has no email column in its first line${hint}`)
  }
  const seen = new Set<string>()
  for (const h of header) {
    if (!h) throw csvFileError('has an empty column name in its first line')
    if (seen.has(h)) throw csvFileError(`names the column "${h}" twice`)
    seen.add(h)
    if (!known.has(h)) throw csvFileError(`has an unknown column "${h}" (known: ${[...known].join(', ')})`)
  }
}

/** One data line: its values checked and normalised, or the first problem found (line, field, reason). */
function checkRow(line: number, header: string[], cells: string[], options: ParticipantImportOptions, firstLine: Map<string, number>): ImportFileRow {
  const raw: Record<string, string> = {}
  header.forEach((h, i) => (raw[h] = unescapeCell((cells[i] ?? '').trim())))
  const fail = (field: string, reason: string): ImportFileRow => ({ line, data: raw, error: { line, field, reason } })
  if (cells.length !== header.length) return fail('line', `has ${cells.length} cells where the header has ${header.length}`)
  const email = raw.email!.toLowerCase()
  if (!email) return fail('email', 'is required')
  if (email.length > 254 || !emailSchema.safeParse(email).success) return fail('email', 'is not a valid e-mail address')
  const earlier = firstLine.get(email)
  if (earlier !== undefined) return fail('email', `appears again (first on line ${earlier})`)
  firstLine.set(email, line)
  const data: Record<string, string> = { ...raw, email }
  for (const name of ['first_name', 'last_name'] as const) {
    if (data[name] !== undefined && data[name]!.length > MAX_NAME) return fail(name, `must not be longer than ${MAX_NAME} characters`)
  }
  if (options.points !== 'ignore' && data.points) {
    if (!/^\d+$/.test(data.points) || Number(data.points) > 1_000_000_000) return fail('points', 'must be a whole number from 0 to 1,000,000,000')
    data.points = String(Number(data.points))
  }
  if (options.tags !== 'ignore' && data.tags !== undefined) {
    const tags = [...new Set(data.tags.split(',').map((t) => t.trim()).filter(Boolean))]
    if (tags.length > MAX_TAGS) return fail('tags', `must be at most ${MAX_TAGS} tags`)
    const bad = tags.find((t) => !tagSchema.safeParse(t).success)
    if (bad !== undefined) return fail('tags', `"${bad.slice(0, 60)}" must be at most 50 characters`)
    data.tags = tags.join(',')
  }
  for (const [name, value] of Object.entries(data)) {
    if (!(BASE_IMPORT_COLUMNS as readonly string[]).includes(name) && value.length > MAX_VALUE) return fail(name, `must not be longer than ${MAX_VALUE} characters`)
  }
  return { line, data, error: null }
}
