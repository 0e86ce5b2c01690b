import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { participantProfileAttributes } from '../../db/schema'
import { programScope } from '../../db/scope'
import { makeTestApp } from '../../../test/helpers'
import { csvCell, unescapeCell } from '../../lib/csv'
import { EXPORT_PAGE_ROWS, participantsCsv } from './participant-export'
import { addPeople, consoleAs, programByKey } from './participants-fixtures'

async function setup() {
  const t = await makeTestApp()
  const demo = await programByKey(t, 'demo')
  const links = await programByKey(t, 'links')
  const people = await addPeople(t, demo.id, [
    { email: 'formula@example.com', first: '=HYPERLINK("http://evil.example","x")', last: '+1', tags: ['vip', '@team'] },
    { email: 'plain@example.com', first: 'Ana', last: 'García, "Jr"', points: 50, tags: ['vip'] },
    { email: 'minus@example.com', first: '-2+3', last: '@SUM(A1)' },
  ])
  await programScope(t.db, demo.id).insert(participantProfileAttributes, [
    { participantId: people[1]!.id, name: 'city', value: 'Lisbon' },
    { participantId: people[0]!.id, name: 'phone', value: '=1+1' },
  ])
  await addPeople(t, links.id, [{ email: 'other-program@example.com' }])
  const admin = await consoleAs(t, 'admin@tessera.dev')
  const get = (query: string) => admin.request(`/admin/v2/programs/${demo.id}/participants.csv${query}`)
  const parse = async (res: Response) => Papa.parse<string[]>((await res.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data
  return { t, demo, people, admin, get, parse }
}

describe('CSV cells', () => {
  it('neutralise formulas and quote what needs quotes; import reverses exactly that', () => {
    for (const [value, cell] of [
      ['=1+1', `"'=1+1"`],
      ['+33 1 23', `"'+33 1 23"`],
      ['-x', `"'-x"`],
      ['@cmd', `"'@cmd"`],
      ['\tx', `"'\tx"`],
      ['a,b', '"a,b"'],
      ['say "hi"', '"say ""hi"""'],
      ['plain', 'plain'],
    ] as const) {
      expect(csvCell(value)).toBe(cell)
      const read = Papa.parse<string[]>(cell).data[0]![0]!
      expect(unescapeCell(read)).toBe(value)
    }
    expect(csvCell(-5)).toBe('-5')
    expect(csvCell(null)).toBe('')
  })
})

describe('participants export', () => {
  it('streams participants.csv with the default report columns, escaped, only this program, no secrets', async () => {
    const { get, parse } = await setup()
    const res = await get('')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="participants.csv"')
    const text = await res.clone().text()
    expect(text).not.toMatch(/other-program|referral|token|hash|FX\d/)
    const [header, ...rows] = await parse(res)
    expect(header).toEqual(['id', 'first_name', 'last_name', 'email', 'status', 'staff', 'points', 'unused_points', 'completed_challenges', 'sign_in_count', 'tags', 'created_at'])
    expect(rows).toHaveLength(3)
    const formula = rows.find((r) => r[3] === 'formula@example.com')!
    expect(formula[1]).toBe(`'=HYPERLINK("http://evil.example","x")`)
    expect(formula[2]).toBe("'+1")
    expect(formula[10]).toBe("'@team, vip") // a tag list starting with @ is neutralised too
    expect(rows.find((r) => r[3] === 'plain@example.com')![2]).toBe('García, "Jr"')
    for (const row of rows) for (const cell of row) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/)
  })

  it('adds the detailed columns and the selected attributes; refuses unknown attributes', async () => {
    const { get, parse } = await setup()
    const [header, ...rows] = await parse(await get('?mode=detailed&selected_attributes[]=city&selected_attributes[]=phone'))
    expect(header!.slice(12)).toEqual(['rewards_earned', 'clicks', 'referred_by', 'tier', 'last_sign_in_at', 'last_action_at', 'city', 'country', 'city', 'phone'])
    const plain = rows.find((r) => r[3] === 'plain@example.com')!
    expect(plain[20]).toBe('Lisbon')
    expect(rows.find((r) => r[3] === 'formula@example.com')![21]).toBe("'=1+1")
    const bad = await get('?selected_attributes[]=password')
    expect(bad.status).toBe(422)
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields.selected_attributes).toContain('password')
    expect((await get('?mode=everything')).status).toBe(422)
  })

  it('writes the import template columns for type=import, the same as the template download', async () => {
    const { admin, demo, get, parse } = await setup()
    const template = await admin.request(`/admin/v2/programs/${demo.id}/participants/import_csv_template.csv`)
    expect(template.headers.get('content-disposition')).toBe('attachment; filename="import_csv_template.csv"')
    const [templateHeader] = await parse(template)
    expect(templateHeader).toEqual(['email', 'first_name', 'last_name', 'points', 'tags', 'phone', 'address_1', 'address_2', 'city', 'state', 'postal', 'affiliation'])
    const [header, ...rows] = await parse(await get('?type=import'))
    expect(header).toEqual(templateHeader)
    expect(rows.find((r) => r[0] === 'plain@example.com')!.slice(0, 5)).toEqual(['plain@example.com', 'Ana', 'García, "Jr"', '50', 'vip'])
  })

  it('reads the program a page at a time (keyset), one chunk per page, pulled by the client', async () => {
    const { t, demo } = await setup()
    await addPeople(t, demo.id, Array.from({ length: EXPORT_PAGE_ROWS * 2 + 7 }, (_, i) => ({ email: `bulk${i}@example.com` })))
    const stream = await participantsCsv(programScope(t.db, demo.id), { mode: 'default', type: 'report', selected_attributes: [] })
    const reader = stream.getReader()
    const chunks: string[] = []
    const decoder = new TextDecoder()
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      chunks.push(decoder.decode(value))
    }
    // Header, then pages of at most EXPORT_PAGE_ROWS rows: 1,010 rows -> 500, 500, 10.
    expect(chunks.map((c) => c.split('\r\n').length - 1)).toEqual([1, EXPORT_PAGE_ROWS, EXPORT_PAGE_ROWS, 10])
    const ids = chunks.slice(1).join('').split('\r\n').filter(Boolean).map((l) => Number(l.split(',')[0]))
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
  })
})
