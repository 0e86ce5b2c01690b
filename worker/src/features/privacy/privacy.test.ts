import { and, eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { participantExportSchema, type ParticipantExport } from '../../../../sdk/contract/privacy'
import { outbox, participants, pointsLedger } from '../../db/schema'
import { consoleAs } from '../participants/participants-fixtures'
import { oneOfEverything, PERSON, PERSONAL_VALUES, privacyCode, signUpAs, type T } from './privacy-fixtures'

type Json = Record<string, any>

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()))
})

async function setup() {
  const f = await oneOfEverything()
  cleanups.push(f.hook.close)
  return f
}

/**
 * Where `values` are still found in the database: every table (sqlite_master) and every column that
 * can hold text (pragma table_info: all but INTEGER, REAL and NUMERIC ones), case-insensitive, as
 * `table.column: value` lines.
 */
async function personalDataLeft(t: T, values: readonly string[]): Promise<string[]> {
  const tables = (await t.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' ORDER BY name")).rows.map((r) => String(r.name))
  expect(tables).toEqual(expect.arrayContaining(['participants', 'points_ledger', 'outbox', 'webhook_deliveries', 'signin_codes', 'receipts']))
  const needles = values.map((v) => v.toLowerCase())
  const quote = (s: string) => `'${s.replace(/'/g, "''")}'`
  const found: string[] = []
  for (const table of tables) {
    const columns = (await t.execute(`PRAGMA table_info("${table}")`)).rows
      .filter((c) => !/^(INTEGER|REAL|NUMERIC)$/i.test(String(c.type)))
      .map((c) => String(c.name))
    if (!columns.length) continue
    // The row's text columns joined in one value to search (D1 refuses an expression tree deeper than
    // 100: one OR per column and value would be); which column holds a value is told below.
    const text = (c: string) => `lower(CAST("${c}" AS TEXT))`
    const all = columns.map((c) => `coalesce(${text(c)}, '')`).join(' || ')
    const where = needles.map((n) => `instr("__all", ${quote(n)}) > 0`).join(' OR ')
    const rows = (await t.execute(`SELECT * FROM (SELECT ${columns.map((c) => `${text(c)} AS "${c}"`).join(', ')}, ${all} AS "__all" FROM "${table}") WHERE ${where}`)).rows
    for (const row of rows) for (const c of columns) for (const n of needles) if (String(row[c as never] ?? '').includes(n)) found.push(`${table}.${c}: ${n}`)
  }
  return [...new Set(found)].sort()
}

describe('privacy: export (issue 28)', () => {
  it('exports one of everything, the same file from the site (with a mailed code), the console and the API', async () => {
    const f = await setup()
    const { t, pid } = f
    const admin = await consoleAs(t, 'admin@tessera.dev')
    const fromConsole = await admin.request(`/admin/v2/programs/${f.program.id}/participants/${pid}/export`)
    expect(fromConsole.status).toBe(200)
    expect(fromConsole.headers.get('content-disposition')).toBe(`attachment; filename="demo-participant-${pid}-data.json"`)
    expect(fromConsole.headers.get('cache-control')).toBe('no-store')
    const consoleDoc = (await fromConsole.json()) as ParticipantExport
    const fromApi = await f.api('GET', `/participants/${pid}/export`)
    expect(fromApi.status).toBe(200)

    // The site: a wrong code is refused on its field; the mailed one downloads the file once.
    const { code, body } = await privacyCode(t, f.browser, PERSON.email, 'export')
    expect(body).toMatchObject({ ok: true, action: 'export', message: 'We sent a 6-digit code to z*****e@example.com. Enter it to download your data.' })
    const wrong = await f.browser.json<Json>('/public/account/export', { json: { code: code === '000000' ? '111111' : '000000' } })
    expect(wrong).toMatchObject({ status: 422, body: { error: { code: 'invalid_code', fields: { code: 'Invalid code. Please check the code and try again.' } } } })
    const download = await f.browser.request('/public/account/export', { json: { code } })
    expect(download.status).toBe(200)
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="demo-participant-\d+-data\.json"$/)
    const siteDoc = (await download.json()) as ParticipantExport
    expect((await f.browser.json<Json>('/public/account/export', { json: { code } })).body.error.code).toBe('invalid_code')

    // One document, whoever asks.
    expect(participantExportSchema.strict().safeParse(siteDoc).success).toBe(true)
    expect(consoleDoc).toEqual(siteDoc)
    expect(fromApi.body).toEqual(siteDoc)

    const doc = siteDoc
    expect(doc).toMatchObject({ format: 'tessera.participant_export.v1', program: { id: f.program.id }, generated_at: new Date(t.clock.now()).toISOString() })
    expect(doc.profile).toMatchObject({ id: pid, email: PERSON.email, first_name: PERSON.first, last_name: PERSON.last, external_id: PERSON.externalId, referred_by_participant_id: f.referrer.participant.id, erased_at: null })
    expect(doc.attributes.map((a) => [a.name, a.value])).toEqual(expect.arrayContaining([['postal', PERSON.postal], ['phone', PERSON.phone], ['address_1', PERSON.address]]))
    expect(doc.email_settings.email_setting_id).toBe(f.emailSettingId)
    expect(doc.email_settings.description).toEqual(expect.any(String))
    expect(doc.tags).toEqual(['vip'])
    // Every ledger row, and they sum to the balance.
    const ledger = await f.scope.select(pointsLedger, eq(pointsLedger.participantId, pid))
    expect(doc.ledger.map((l) => l.id).sort()).toEqual(ledger.map((l) => l.id).sort())
    expect(doc.ledger.map((l) => [l.source, l.delta])).toEqual(expect.arrayContaining([['api', 300], ['import', 25], ['reward', -50], ['challenge', 10]]))
    expect(doc.ledger.reduce((s, l) => s + l.delta, 0)).toBe(doc.profile.points_balance)
    expect(doc.activity.length).toBeGreaterThanOrEqual(4)
    expect(doc.completions).toEqual(expect.arrayContaining([expect.objectContaining({ challenge_id: f.surveyId, challenge_name: 'Tell us more', challenge_type: 'collect', points: 10 })]))
    expect(doc.answers).toEqual([expect.objectContaining({ challenge_id: f.surveyId, question: 'Anything to tell us?', answer: PERSON.answer, option_id: null })])
    expect(doc.claims).toEqual(expect.arrayContaining([expect.objectContaining({ reward_id: f.mugId, reward_name: 'Privacy Mug', selection: 'redeem', status: 'claimed', points_spent: 50, coupon_codes: ['MUG-CODE-1'] })]))
    expect(doc.vouchers).toEqual([expect.objectContaining({ offer_key: 'privacy-offer', redemption_type: 'MOBILE', voucher_code: 'VOUCH-9' })])
    expect(doc.referrals.referred_by).toMatchObject({ referrer_participant_id: f.referrer.participant.id })
    expect(doc.referrals.made).toEqual([expect.objectContaining({ referred_participant_id: f.friendId })])
    expect(doc.sessions.map((s) => s.device).sort()).toEqual(['browser', 'embedded'])
    expect(doc.visits).toEqual([expect.objectContaining({ landing_page: '/my-account', surface: 'site' })])

    // The receipt, with its photo behind a link signed for a day.
    expect(doc.receipts).toEqual([
      expect.objectContaining({
        id: f.receiptId,
        merchant_name: 'Ember Market',
        total_cents: 1250,
        review_request_message: `Please check it, ${PERSON.first}`,
        items: [expect.objectContaining({ name: 'Oat milk', price_cents: 399 })],
        image: { url: expect.stringMatching(/^http:\/\/localhost\/receipts-file\/\d+\/\d+\?exp=\d+&sig=/), expires_at: new Date(Math.floor(t.clock.now() / 1000) * 1000 + 24 * 3600 * 1000).toISOString(), content_type: 'image/png' },
      }),
    ])
    // An id the program does not have is not found, on the console and the API.
    expect((await admin.request(`/admin/v2/programs/${f.program.id}/participants/${pid + 100000}/export`)).status).toBe(404)
    expect((await f.api('GET', `/participants/${pid + 100000}/export`)).status).toBe(404)

    const photo = await t.app.request(doc.receipts[0]!.image!.url)
    expect(photo.status).toBe(200)
    expect(photo.headers.get('content-type')).toBe('image/png')
    t.clock.advance(24 * 3600 * 1000 + 1000)
    expect((await t.app.request(doc.receipts[0]!.image!.url)).status).toBe(403)
  })
})

describe('privacy: erasure that keeps the books (issue 28)', () => {
  it('erases through the API: nothing personal left in any table or the file store, the totals as they were, one webhook, idempotent', async () => {
    const f = await setup()
    const { t, pid } = f
    const admin = await consoleAs(t, 'admin@tessera.dev')
    const totals = async () => {
      const base = `/admin/v2/programs/${f.program.id}`
      const read = async (path: string) => (await admin.json<Json>(`${base}${path}`)).body.data
      const top = (await read('/dashboard/top_users_all_time')) as Json[]
      return {
        metrics: await read('/dashboard/program_performance_metrics'),
        growth: await read('/dashboard/users_growth'),
        top: top.map((u) => [u.id, u.points]),
        economics: await read('/economics?from=2025-01-01'),
        ledger: (await f.scope.select(pointsLedger)).map((l) => [l.id, l.participantId, l.delta, l.kind, l.source, l.title]),
      }
    }
    const before = await totals()
    const beforeRow = (await f.scope.first(participants, eq(participants.id, pid)))!
    // The scan finds them everywhere the product wrote them, first.
    const found = await personalDataLeft(t, PERSONAL_VALUES)
    for (const place of ['participants.email', 'participant_profile_attributes.value', 'participant_answers.answer', 'signin_codes.email', 'outbox.payload', 'webhook_deliveries.request_body', 'dev_mailbox.to', 'request_idempotency.response', 'points_ledger.idempotency_key', 'receipts.processed_data', 'import_job_rows.data', 'throttles.key', 'participant_external_ids.external_id'])
      expect(found.some((p) => p.startsWith(`${place}:`)), place).toBe(true)
    expect(await t.deps.storage!.head(f.fileKey)).not.toBeNull()

    const first = await f.api('POST', `/participants/${pid}/erase`)
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body).toEqual({ object: 'participant_erasure', participant_id: pid, erased_at: new Date(t.clock.now()).toISOString(), files: 'done' })
    t.clock.advance(5000)
    const again = await f.api('POST', `/participants/${pid}/erase`)
    expect(again).toMatchObject({ status: 200, body: first.body })

    expect(await personalDataLeft(t, PERSONAL_VALUES)).toEqual([])
    expect(await t.deps.storage!.head(f.fileKey)).toBeNull()
    expect(await totals()).toEqual(before)
    // The ledger's key of the import was rewritten; everything that counts is still append-only.
    const [importRow] = await f.scope.select(pointsLedger, and(eq(pointsLedger.participantId, pid), eq(pointsLedger.source, 'import')))
    expect(importRow!.idempotencyKey).toBe(`import:${f.program.id}:erased-${pid}@invalid:privacy-file`)
    await expect(t.execute(`UPDATE points_ledger SET delta = delta + 1 WHERE id = ${importRow!.id}`)).rejects.toThrow(/append-only/)
    const tombstone = (await f.scope.first(participants, eq(participants.id, pid)))!
    expect(tombstone).toMatchObject({
      email: `erased-${pid}@invalid`,
      firstName: 'Erased',
      lastName: 'participant',
      unusedPoints: beforeRow.unusedPoints,
      points: beforeRow.points,
      completedChallenges: beforeRow.completedChallenges,
      status: beforeRow.status,
      referredById: beforeRow.referredById,
      erasedAt: new Date(first.body.erased_at),
    })
    // The API no longer reads, credits or charges the tombstone (410); a credit is refused before it is written.
    const ledgerRows = (await f.scope.select(pointsLedger)).length
    for (const [method, path, body, key] of [
      ['GET', `/participants/${pid}`],
      ['GET', `/participants/${pid}/ledger`],
      ['POST', `/participants/${pid}/points`, { type: 'earn', amount: 5, reason: 'After erasure' }, 'after-erasure'],
    ] as const) {
      const answer = await f.api(method, path, body, key)
      expect(answer.status, path).toBe(410)
      expect(answer.body).toMatchObject({ error: { code: 'participant_erased' } })
    }
    expect((await f.scope.select(pointsLedger)).length).toBe(ledgerRows)
    // The people they referred keep the link; the tombstone's export has nothing personal left.
    expect((await f.scope.first(participants, eq(participants.id, f.friendId)))!.referredById).toBe(pid)
    const tombstoneDoc = (await f.api('GET', `/participants/${pid}/export`)).body as ParticipantExport
    expect(tombstoneDoc).toMatchObject({ profile: { email: `erased-${pid}@invalid`, external_id: null }, attributes: [], sessions: [], visits: [] })
    expect(tombstoneDoc.receipts[0]).toMatchObject({ image: null, total_cents: 1250, review_request_message: null })
    expect(tombstoneDoc.answers[0]).toMatchObject({ answer: '' })
    expect(tombstoneDoc.claims).toEqual(expect.arrayContaining([expect.objectContaining({ reward_id: f.mugId, coupon_codes: ['MUG-CODE-1'] })]))

    // participant.erased went out once, to the program's webhook.
    const events = (await t.db.select().from(outbox).where(and(eq(outbox.programId, f.program.id), eq(outbox.topic, 'webhook')))).filter((o) => (o.payload as Json).event === 'participant.erased')
    expect(events.map((e) => (e.payload as Json).data)).toEqual([{ participant_id: pid, erased_at: first.body.erased_at, source: 'api' }])

    // Signed out everywhere; the address signs up again as a new person.
    expect((await f.browser.request('/public/participant')).status).toBe(401)
    expect((await f.api('GET', `/participants?email=${encodeURIComponent(PERSON.email)}`)).body.data).toEqual([])
    const again2 = await signUpAs(t, { email: PERSON.email, first: PERSON.first, last: PERSON.last, ip: '203.0.113.203' })
    const me = (await again2.json<Json>('/public/participant')).body
    expect(me.id).not.toBe(pid)
    expect(me).toMatchObject({ email: PERSON.email })
    expect((await f.api('GET', `/participants/${me.id}/export`)).body).toMatchObject({ ledger: expect.not.arrayContaining([expect.objectContaining({ source: 'import' })]), claims: [], receipts: [] })
  })
})
