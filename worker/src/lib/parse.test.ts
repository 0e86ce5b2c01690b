import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../env'
import { AppError } from './errors'
import { errorAsSent, fieldsAsSent, formFieldName, readBody } from './parse'

/** What readBody made of a body, with File values shown as `file:<name>` (JSON has no File). */
const app = new Hono<AppEnv>().post('/', async (c) => {
  const body = await readBody(c)
  return c.json(JSON.parse(JSON.stringify(body, (_k, v: unknown) => (v instanceof File ? `file:${v.name}` : v))) as unknown)
})
const read = async (body: FormData | URLSearchParams | string, type?: string) => {
  const res = await app.request('http://localhost/', { method: 'POST', body, ...(type ? { headers: { 'content-type': type } } : {}) })
  return (await res.json()) as Record<string, unknown>
}
const formOf = (entries: [string, string | File][]) => {
  const form = new FormData()
  for (const [k, v] of entries) form.append(k, v)
  return form
}

describe('readBody', () => {
  it('turns list[0][field] keys into an array of objects in index order, whatever the key order', async () => {
    const form = formOf([
      ['total_amount', '12.50'],
      ['receipt_items[1][patch_status]', 'created'],
      ['receipt_items[1][price]', '2'],
      ['receipt_items[0][patch_status]', 'updated'],
      ['receipt_items[0][id]', '11'],
      ['receipt_items[0][price]', '5.25'],
      ['receipt_items[10][sku]', 'K'],
      ...Array.from({ length: 8 }, (_, i): [string, string] => [`receipt_items[${i + 2}][sku]`, `S${i + 2}`]),
    ])
    const body = await read(form)
    // Values stay text: the schema coerces them.
    expect(body.total_amount).toBe('12.50')
    const items = body.receipt_items as Record<string, string>[]
    expect(Array.isArray(items)).toBe(true)
    expect(items).toHaveLength(11)
    expect(items[0]).toEqual({ patch_status: 'updated', id: '11', price: '5.25' })
    expect(items[1]).toEqual({ patch_status: 'created', price: '2' })
    expect(items.map((i) => i.sku)).toEqual([undefined, undefined, 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9', 'K'])
  })

  it('does the same for a urlencoded body, and nests arrays inside array entries', async () => {
    const body = await read(new URLSearchParams([
      ['rows[0][tags][]', 'a'],
      ['rows[0][tags][]', 'b'],
      ['rows[1][cells][0][v]', 'x'],
      ['rows[1][cells][1][v]', 'y'],
    ]))
    expect(body).toEqual({ rows: [{ tags: ['a', 'b'] }, { cells: [{ v: 'x' }, { v: 'y' }] }] })
  })

  it('keeps id-keyed and sparse numeric levels as objects (questions[12][value][]), and the body itself an object', async () => {
    const body = await read(formOf([
      ['questions[12][id]', '12'],
      ['questions[12][value][]', '3'],
      ['questions[12][value][]', '4'],
      ['questions[1][value]', 'yes'],
      ['gaps[0][v]', 'a'],
      ['gaps[2][v]', 'c'],
      ['lead[01][v]', 'z'],
      ['0', 'top'],
    ]))
    expect(body).toEqual({
      questions: { '12': { id: '12', value: ['3', '4'] }, '1': { value: 'yes' } },
      gaps: { '0': { v: 'a' }, '2': { v: 'c' } },
      lead: { '01': { v: 'z' } },
      '0': 'top',
    })
  })

  it('leaves flat and bracketed-object forms (labels, referral[status]) as before, files included', async () => {
    const icon = new File([new Uint8Array([1, 2, 3])], 'icon.png', { type: 'image/png' })
    const body = await read(formOf([
      ['referral[status]', 'approved'],
      ['referral[admin_comments]', 'ok'],
      ['points_label', 'Stars'],
      ['points_icon', icon],
      ['tags[]', 'one'],
      ['slides[0][image]', icon],
    ]))
    expect(body).toEqual({
      referral: { status: 'approved', admin_comments: 'ok' },
      points_label: 'Stars',
      points_icon: 'file:icon.png',
      tags: ['one'],
      slides: [{ image: 'file:icon.png' }],
    })
  })

  it('drops prototype keys and over-deep names, and reads JSON bodies as they are', async () => {
    const body = await read(formOf([
      ['__proto__[polluted]', 'x'],
      ['a[constructor][prototype]', 'x'],
      ['a[b][c][d][e][f]', 'deep'],
      ['ok', '1'],
    ]))
    expect(body).toEqual({ ok: '1' })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    const json = await read(JSON.stringify({ receipt_items: { '0': { price: 1 } }, total_amount: 3 }), 'application/json')
    expect(json).toEqual({ receipt_items: { '0': { price: 1 } }, total_amount: 3 })
  })
})

describe('field names as sent', () => {
  const at = async (type: string) => {
    let seen: { fields: Record<string, string>; err: unknown } | undefined
    const probe = new Hono<AppEnv>().post('/', (c) => {
      const err = new AppError('validation_failed', 422, 'receipt_items.0.id: not found; total_amount: bad', { 'receipt_items.0.id': 'not found', total_amount: 'bad' }, {
        success: false,
        errors: { 'receipt_items.0.id': 'not found', total_amount: 'bad' },
      })
      seen = { fields: fieldsAsSent(c, { 'receipt_items.3.price': 'Price must be greater than 0.', integrity: 'Integrity is required' }), err: errorAsSent(c, err) }
      return c.body(null, 204)
    })
    await probe.request('http://localhost/', { method: 'POST', headers: { 'content-type': type }, body: type === 'application/json' ? '{}' : '' })
    return seen!
  }

  it('names a form body field with brackets and keeps a JSON body path dotted', async () => {
    expect(formFieldName('receipt_items.0.price')).toBe('receipt_items[0][price]')
    expect(formFieldName('integrity')).toBe('integrity')
    const form = await at('multipart/form-data; boundary=x')
    expect(form.fields).toEqual({ 'receipt_items[3][price]': 'Price must be greater than 0.', integrity: 'Integrity is required' })
    const err = form.err as AppError
    expect(err).toBeInstanceOf(AppError)
    expect(err.fields).toEqual({ 'receipt_items[0][id]': 'not found', total_amount: 'bad' })
    expect(err.extra).toEqual({ success: false, errors: { 'receipt_items[0][id]': 'not found', total_amount: 'bad' } })
    expect(err.message).toBe('receipt_items[0][id]: not found; total_amount: bad')
    const json = await at('application/json')
    expect(json.fields).toEqual({ 'receipt_items.3.price': 'Price must be greater than 0.', integrity: 'Integrity is required' })
    expect((json.err as AppError).fields).toEqual({ 'receipt_items.0.id': 'not found', total_amount: 'bad' })
  })
})
