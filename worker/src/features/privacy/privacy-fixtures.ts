import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import {
  challenges,
  importJobRows,
  importJobs,
  offerRedemptions,
  outbox,
  participantProfileAttributes,
  participantTags,
  participants,
  pointsLedger,
  questions,
  receiptItems,
  receiptUpdateLogs,
  receipts,
  referralUpdateLogs,
  referrals,
  rewards,
  coupons,
  visits,
  webhookDeliveries,
  webhooks,
} from '../../db/schema'
import { webhookEvents } from '../../db/schema/integrations'
import { programScope } from '../../db/scope'
import { lastMail, makeTestApp, quickParticipant, type TestBrowser } from '../../../test/helpers'
import { createApiKey } from '../integrations/api-keys'
import { importLedgerKey } from '../participants/import-rows'
import { programByKey } from '../participants/participants-fixtures'
import { createParticipantSession } from '../signin/sessions'
import { deliverOutbox } from '../webhooks/outbox'

/**
 * Test fixtures of the privacy feature (Node tests only): a participant with one of everything the
 * program can hold about a person, made through the product's own paths where they are short (sign-up
 * by mailed code, the server API, a survey, a claim) and written to the tables where they are not (a
 * receipt and its photo, an import line, a voucher). Their personal values are unusual words, so a scan
 * of the whole database for them finds only them.
 */
export type T = Awaited<ReturnType<typeof makeTestApp>>
type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

export const PERSON = {
  email: 'zelda.quartermaine@example.com',
  first: 'Zeldaine',
  last: 'Quartermaine',
  postal: 'VX9 4QZ',
  phone: '+1 555 0199 321',
  address: '17 Vexhollow Lane',
  answer: 'my xylophone is named Brumble',
  externalId: 'crm-zelda-1',
} as const

/** Every personal value of PERSON: what an erasure must leave nowhere. */
export const PERSONAL_VALUES = Object.values(PERSON)

/** A tiny PNG (the receipt's photo). */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0))

/** A receiver on 127.0.0.1 that answers 200, so webhook deliveries keep the bodies they sent. */
async function receiver() {
  let count = 0
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      count++
      res.writeHead(200).end('ok')
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received: () => count, close: () => new Promise<void>((r) => server.close(() => r())) }
}

/** Signs up through POST /public/signin/verify with a mailed code; answers the browser (cookie session). */
export async function signUpAs(t: T, who: { email: string; first: string; last: string; postal?: string; referralCode?: string; ip?: string }) {
  const b = t.browser()
  const headers = { 'cf-connecting-ip': who.ip ?? '203.0.113.201' }
  const sent = await b.json<Json>('/public/signin/verify', {
    json: { email: who.email, first_name: who.first, last_name: who.last, postal: who.postal, referral_code: who.referralCode, agree_terms: true },
    headers,
  })
  expect(sent.status, JSON.stringify(sent.body)).toBe(200)
  const code = (await lastMail(t.db, who.email))!.code
  const done = await b.json<Json>('/public/signin/verify', { json: { email: who.email, otp: code, browser_token: sent.body.browser_token }, headers })
  expect(done.body.otp_logged, JSON.stringify(done.body)).toBe(true)
  return b
}

/** Asks for a privacy code as the signed-in participant of `b` and reads it from the mail. */
export async function privacyCode(t: T, b: TestBrowser, email: string, action: 'export' | 'delete') {
  const res = await b.json<Json>('/public/account/privacy_code', { json: { action } })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return { code: (await lastMail(t.db, email))!.code!, body: res.body }
}

/** The participant with one of everything (see the module's comment), and what the tests call with. */
export async function oneOfEverything() {
  const t = await makeTestApp()
  const program = await programByKey(t, 'demo')
  const scope = programScope(t.db, program.id)
  // A webhook taking every event first (the list is read once and kept), to a receiver that answers.
  const hook = await receiver()
  await scope.insert(webhooks, { url: hook.url, secret: `whsec_${btoa(String.fromCharCode(...new Uint8Array(32).fill(7)))}`, events: [...webhookEvents] })

  // Referred in by someone, signed up by mailed code with a postal code.
  const referrer = await quickParticipant(t, 'privacy.referrer@example.com')
  const browser = await signUpAs(t, { email: PERSON.email, first: PERSON.first, last: PERSON.last, postal: PERSON.postal, referralCode: referrer.participant.referralCode })
  const idOf = async (email: string) => (await scope.first(participants, eq(participants.email, email)))!
  const person = await idOf(PERSON.email)
  const pid = person.id

  // Profile attributes, a tag, an e-mail setting chosen on the site.
  await scope.insert(participantProfileAttributes, [
    { participantId: pid, name: 'phone', value: PERSON.phone },
    { participantId: pid, name: 'address_1', value: PERSON.address },
  ])
  await scope.insert(participantTags, { participantId: pid, tag: 'vip' })
  const settings = (await browser.json<Json>('/public/program')).body.email_settings as { id: number }[]
  const emailSettingId = settings[settings.length - 1]!.id
  expect((await browser.json('/public/account/update_email_settings', { json: { email_setting_id: emailSettingId } })).status).toBe(200)

  // The server API: the partner's id for them (an update) and points, each with an Idempotency-Key (stored answers).
  const made = await createApiKey(scope, t.deps, { name: 'privacy', expires_at: new Date(t.clock.now() + 30 * 86_400_000).toISOString().slice(0, 10) }, null)
  if (made.status !== 201) throw new Error('no API key')
  const apiKey = made.result.data!.api_key
  const api = async (method: 'GET' | 'POST', path: string, json?: unknown, idempotencyKey?: string) => {
    const headers: Record<string, string> = { authorization: `Bearer ${apiKey}` }
    if (json !== undefined) headers['content-type'] = 'application/json'
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey
    const res = await t.app.request(`http://localhost/api/v1${path}`, { method, headers, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) })
    return { status: res.status, body: (await res.json()) as Json, res }
  }
  expect((await api('POST', '/participants', { email: PERSON.email, external_id: PERSON.externalId }, 'link-crm')).status).toBe(200)
  expect((await api('POST', `/participants/${pid}/points`, { type: 'earn', amount: 300, reason: 'Order 77' }, 'order-77')).status).toBe(201)

  // A survey with a free-text question, answered on the site.
  const [survey] = await scope
    .insert(challenges, { identifier: 'privacy-survey', name: 'Tell us more', challengeType: 'collect', parameters: { collect_type: 'survey' }, status: 'active', points: 10, tagList: [] })
    .returning()
  const [question] = await scope.insert(questions, { challengeId: survey!.id, title: 'Anything to tell us?', answerType: 'text', isRequired: true }).returning()
  const submitted = await browser.json<Json>('/public/challenges/submit', { json: { challenge_id: survey!.id, questions: { [question!.id]: { value: PERSON.answer } } } })
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200)

  // A reward claimed on the site, with a coupon from its pool.
  const [mug] = await scope.insert(rewards, { name: 'Privacy Mug', selection: 'redeem', status: 'active', threshold: 50, limit: 5, parameters: {}, tagList: [], couponsRequired: true }).returning()
  await scope.insert(coupons, { rewardId: mug!.id, code: 'MUG-CODE-1' })
  const claimed = await browser.json<Json>('/public/rewards/process_reward', { json: { reward_id: mug!.id }, headers: { 'idempotency-key': 'mug-1' } })
  expect(claimed.status, JSON.stringify(claimed.body)).toBe(200)

  // A merchant offer's voucher.
  await scope.insert(offerRedemptions, { participantId: pid, endecaKey: 'privacy-offer', redemptionType: 'MOBILE', periodKey: '2026', voucherCode: 'VOUCH-9', expiresAt: new Date(t.clock.now() + 86_400_000) })

  // A receipt with its photo in the file store, an item, its OCR text and messages naming them.
  const fileKey = `receipts/${program.id}/privacy-test-photo.png`
  await t.deps.storage!.put(fileKey, PNG, 'image/png')
  const [receipt] = await scope
    .insert(receipts, {
      participantId: pid,
      status: 'needs_human_review',
      fileKey,
      contentType: 'image/png',
      byteSize: PNG.length,
      fileHash: 'privacy-test-hash',
      merchantName: 'Ember Market',
      purchaseDate: '2026-11-20',
      totalCents: 1250,
      processedData: { provider: 'local', merchant: 'Ember Market', date: '2026-11-20', total_cents: 1250, items: [], text: `EMBER MARKET\nMEMBER ${PERSON.first} ${PERSON.last}`, confidence: 0.9 },
      reviewRequestMessage: `Please check it, ${PERSON.first}`,
      adminComments: `Phoned ${PERSON.phone}`,
    })
    .returning()
  await scope.insert(receiptItems, { receiptId: receipt!.id, name: 'Oat milk', quantity: 1, unitPriceCents: 399, priceCents: 399 })
  await scope.insert(receiptUpdateLogs, { receiptId: receipt!.id, action: 'commented', comment: `Spoke to ${PERSON.first} ${PERSON.last}` })

  // Points from an import line naming their address (its ledger key names it too).
  const [job] = await scope.insert(importJobs, { options: {}, fileName: 'crm.csv', fileHash: 'privacy-file', status: 'done' }).returning()
  await scope.insert(importJobRows, { jobId: job!.id, lineNo: 2, data: { email: PERSON.email, first_name: PERSON.first, last_name: PERSON.last, points: '25' }, status: 'imported' })
  await scope.insert(pointsLedger, { participantId: pid, delta: 25, kind: 'earn', source: 'import', title: 'Imported from crm.csv', idempotencyKey: importLedgerKey(program.id, PERSON.email, 'privacy-file') })

  // A friend they referred, and an admin's comments on both referrals.
  const friend = await signUpAs(t, { email: 'privacy.friend@example.com', first: 'Frida', last: 'Friend', referralCode: person.referralCode, ip: '203.0.113.202' })
  const friendRow = await idOf('privacy.friend@example.com')
  await scope.update(referrals, { adminComments: `Cousin of ${PERSON.last}` }, eq(referrals.referredParticipantId, pid))
  const [made2] = await scope.select(referrals, eq(referrals.referrerId, pid))
  await scope.insert(referralUpdateLogs, { referralId: made2!.id, fromStatus: 'pending', toStatus: 'approved', comments: `${PERSON.first} vouched` })

  // A session of an embedded widget (the sign-up made the browser's), and a visit while signed in.
  await createParticipantSession(t.db, { programId: program.id, participantId: pid, kind: 'token', now: t.clock.now() })
  await scope.insert(visits, { visitToken: 'privacy-visit', participantId: pid, landingPage: '/my-account', surface: 'site', startedAt: new Date(t.clock.now()) })

  // Every webhook event delivered (the deliveries keep the bodies sent).
  for (let i = 0; i < 50; i++) {
    await deliverOutbox(t.deps)
    const open = (await t.db.select({ status: outbox.status }).from(outbox).where(and(eq(outbox.programId, program.id), eq(outbox.topic, 'webhook')))).filter((o) => o.status !== 'delivered')
    const pending = (await scope.select(webhookDeliveries)).filter((d) => d.state === 'pending')
    if (!open.length && !pending.length) break
    await new Promise((r) => setTimeout(r, 20))
  }

  return { t, program, scope, pid, browser, friend, friendId: friendRow.id, referrer, api, hook, fileKey, receiptId: receipt!.id, emailSettingId, mugId: mug!.id, surveyId: survey!.id }
}
