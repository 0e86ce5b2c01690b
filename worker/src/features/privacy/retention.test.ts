import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { RETENTION_RULES, type RetentionSettings } from '../../../../sdk/contract/console/retention'
import { configFromEnv } from '../../config'
import {
  apiKeys,
  apiRequestLog,
  identityTokenUses,
  importJobRows,
  importJobs,
  outbox,
  outboxDedupeKeys,
  participantSessions,
  privacyCodes,
  programs,
  receipts,
  retentionSweepState,
  signinCodes,
  webhookDeliveries,
  webhooks,
} from '../../db/schema'
import { programScope } from '../../db/scope'
import type { ProgramRow } from '../../env'
import { makeTestApp, quickParticipant } from '../../../test/helpers'
import { sweepRetention } from '../../retention'
import { consoleAs } from '../participants/participants-fixtures'
import { deliverOutbox } from '../webhooks/outbox'
import { RETENTION_BATCH, sweepProgramRetention } from './retention'

type T = Awaited<ReturnType<typeof makeTestApp>>
const DAY = 86_400_000

async function setup() {
  const t = await makeTestApp()
  const [demo] = await t.db.select().from(programs).where(eq(programs.publicKey, 'demo'))
  return { t, demo: demo! }
}

/**
 * Rows of every kind the windows cover, in one program, each `daysAgo` old (for codes and sessions:
 * expired that long ago), tagged by `mark` so the test can tell which went.
 */
async function rowsOfEveryKind(t: T, program: ProgramRow, mark: string, daysAgo: number, participantId: number, webhookId: number, keyId: number) {
  const scope = programScope(t.db, program.id)
  const at = new Date(t.clock.now() - daysAgo * DAY)
  const fileKey = `receipts/${program.id}/${mark}.png`
  await t.deps.storage!.put(fileKey, new Uint8Array([1, 2, 3]), 'image/png')
  await scope.insert(receipts, { participantId, status: 'processed', source: 'upload', fileKey, contentType: 'image/png', fileHash: mark, createdAt: at, updatedAt: at })
  // A receipt still waiting for a reviewer keeps its image, however old.
  const waitingKey = `receipts/${program.id}/${mark}-waiting.png`
  await t.deps.storage!.put(waitingKey, new Uint8Array([1]), 'image/png')
  await scope.insert(receipts, { participantId, status: 'needs_human_review', source: 'upload', fileKey: waitingKey, fileHash: `${mark}-w`, createdAt: at, updatedAt: at })
  await scope.insert(signinCodes, { email: `${mark}@example.com`, kind: 'otp', secretHash: `${mark}-hashes`, ipHash: `ip-${mark}`, browserTokenHash: `bt-${mark}`, expiresAt: new Date(at.getTime() + 600_000), createdAt: at })
  await scope.insert(signinCodes, { email: `${mark}@example.com`, kind: 'otp', secretHash: `${mark}-expired`, expiresAt: at, createdAt: at })
  await scope.insert(participantSessions, { participantId, tokenHash: `${mark}-session`, expiresAt: at })
  await scope.insert(privacyCodes, { participantId, purpose: 'export', secretHash: `${mark}-privacy`, expiresAt: at })
  await scope.insert(identityTokenUses, { jti: `${mark}-jti`, expiresAt: at })
  await scope.insert(apiRequestLog, { keyId, method: 'GET', route: '/api/v1/participants', status: 200, requestId: `${mark}-req`, createdAt: at })
  const [sent] = await scope.insert(outbox, { topic: 'email', payload: { to: `${mark}@example.com` }, status: 'delivered', dedupeKey: `${mark}-event`, createdAt: at }).returning({ id: outbox.id })
  await scope.insert(outbox, { topic: 'email', payload: { to: `${mark}@example.com` }, status: 'pending', createdAt: at })
  await scope.insert(webhookDeliveries, { webhookId, outboxId: sent!.id, event: 'points.changed', state: 'succeeded', requestBody: mark, createdAt: at })
  const [job] = await scope
    .insert(importJobs, { status: 'done', options: {}, fileName: `${mark}.csv`, fileHash: mark, totalRows: 2, processedRows: 2, importedRows: 2, createdAt: at, finishedAt: at })
    .returning({ id: importJobs.id })
  await scope.insert(importJobRows, [
    { jobId: job!.id, lineNo: 2, data: { email: `${mark}-1@example.com` }, status: 'imported' },
    { jobId: job!.id, lineNo: 3, data: { email: `${mark}-2@example.com` }, status: 'imported' },
  ])
}

/** What of each kind is left in a program, by mark. */
async function leftOf(t: T, programId: number) {
  const scope = programScope(t.db, programId)
  return {
    images: await scope.count(receipts, eq(receipts.status, 'processed')),
    imageKeys: (await scope.select(receipts)).filter((r) => r.fileKey).map((r) => r.fileHash).sort(),
    hashes: (await scope.select(signinCodes)).filter((r) => r.ipHash || r.browserTokenHash).map((r) => r.secretHash).sort(),
    codes: (await scope.select(signinCodes)).map((r) => r.secretHash).sort(),
    // (the member's own live session aside)
    sessions: (await scope.select(participantSessions)).map((r) => r.tokenHash).filter((h) => h.endsWith('-session')).sort(),
    privacyCodes: (await scope.select(privacyCodes)).map((r) => r.secretHash).sort(),
    tokenUses: (await scope.select(identityTokenUses)).map((r) => r.jti).sort(),
    requests: (await scope.select(apiRequestLog)).map((r) => r.requestId).sort(),
    outbox: (await scope.select(outbox, eq(outbox.topic, 'email'))).map((r) => `${r.status}:${(r.payload as { to?: string }).to}`).filter((r) => !r.endsWith('undefined')).sort(),
    deliveries: (await scope.select(webhookDeliveries)).map((r) => r.requestBody).sort(),
    importLines: await scope.count(importJobRows),
    importJobs: (await scope.select(importJobs)).map((r) => `${r.fileName}:${r.linesDeletedAt ? 'lines deleted' : 'lines kept'}:${r.importedRows}`).sort(),
  }
}

async function world(t: T, demo: ProgramRow) {
  const member = await quickParticipant(t, 'kept@example.com')
  const [hook] = await programScope(t.db, demo.id).insert(webhooks, { url: 'https://example.com/hook', secret: 'whsec_test', events: ['points.changed'] }).returning({ id: webhooks.id })
  const [key] = await programScope(t.db, demo.id)
    .insert(apiKeys, { name: 'k', prefix: 'tk_test_ret', keyHash: 'x', expiresAt: new Date(t.clock.now() + 365 * DAY) })
    .returning({ id: apiKeys.id })
  return { participantId: member.participant.id, webhookId: hook!.id, keyId: key!.id }
}

describe('data retention windows', () => {
  it("sweeps exactly what is past each window: the deployment's defaults, a program's overrides, and files of receipts", async () => {
    const { t, demo } = await setup()
    const w = await world(t, demo)
    // Defaults: receipt images 90, IP and device 30, API log 30, delivered 7, expired 30, imports 30 days.
    await rowsOfEveryKind(t, demo, 'ancient', 400, w.participantId, w.webhookId, w.keyId)
    await rowsOfEveryKind(t, demo, 'month', 45, w.participantId, w.webhookId, w.keyId)
    await rowsOfEveryKind(t, demo, 'recent', 2, w.participantId, w.webhookId, w.keyId)

    await sweepRetention(t.deps, t.clock.now())
    const left = await leftOf(t, demo.id)
    // Receipt images past 90 days go (the waiting ones stay); the receipts stay.
    expect(left.imageKeys).toEqual(['ancient-w', 'month', 'month-w', 'recent', 'recent-w'])
    expect(left.images).toBe(3)
    // Codes go 30 days after they expire (with their hashes).
    expect(left.hashes).toEqual(['recent-hashes'])
    expect(left.codes).toEqual(['recent-expired', 'recent-hashes'])
    expect(left.sessions).toEqual(['recent-session'])
    expect(left.privacyCodes).toEqual(['recent-privacy'])
    expect(left.tokenUses).toEqual(['recent-jti'])
    expect(left.requests).toEqual(['recent-req'])
    // Delivered e-mails and their delivery log after 7 days; pending ones stay whatever their age.
    expect(left.outbox).toEqual(['pending:ancient@example.com', 'pending:month@example.com', 'pending:recent@example.com', 'delivered:recent@example.com'].sort())
    expect(left.deliveries).toEqual(['recent'])
    expect(await t.db.select().from(outboxDedupeKeys).where(inArray(outboxDedupeKeys.key, ['ancient-event', 'month-event', 'recent-event']))).toHaveLength(2)
    // Import lines after 30 days; the jobs and their counts stay.
    expect(left.importLines).toBe(2)
    expect(left.importJobs).toEqual(['ancient.csv:lines deleted:2', 'month.csv:lines deleted:2', 'recent.csv:lines kept:2'])

    // The files go by the outbox task written with the receipts' change.
    expect(await t.deps.storage!.head(`receipts/${demo.id}/ancient.png`)).not.toBeNull()
    await deliverOutbox(t.deps)
    expect(await t.deps.storage!.head(`receipts/${demo.id}/ancient.png`)).toBeNull()
    expect(await t.deps.storage!.head(`receipts/${demo.id}/ancient-waiting.png`)).not.toBeNull()
    expect(await t.deps.storage!.head(`receipts/${demo.id}/month.png`)).not.toBeNull()

    // A program's overrides: 40 days of images, a day of IP and device hashes; the rest default. The
    // next round (an hour on) applies them.
    const admin = await consoleAs(t, 'admin@tessera.dev')
    const saved = await admin.json<{ data: RetentionSettings }>(`/admin/v2/programs/${demo.id}/settings/retention`, { method: 'PATCH', json: { receipt_images_days: 40, ip_device_days: '1' } })
    expect(saved.status).toBe(200)
    expect(saved.body.data.effective).toMatchObject({ receipt_images_days: 40, ip_device_days: 1, api_request_log_days: 30 })
    await sweepRetention(t.deps, t.clock.now() + 30 * 60_000)
    expect((await leftOf(t, demo.id)).imageKeys).toContain('month') // the round of this hour is done
    t.clock.advance(2 * 3_600_000)
    await sweepRetention(t.deps, t.clock.now())
    const after = await leftOf(t, demo.id)
    expect(after.imageKeys).toEqual(['ancient-w', 'month-w', 'recent', 'recent-w'])
    // The two-day-old sign-in keeps its code (expired 2 days ago, kept 30) but not its hashes.
    expect(after.hashes).toEqual([])
    expect(after.codes).toEqual(['recent-expired', 'recent-hashes'])
  })

  it('goes through a program in bounded passes until nothing is past its window, and keeps its place in the round between runs', async () => {
    const { t, demo } = await setup()
    const w = await world(t, demo)
    const scope = programScope(t.db, demo.id)
    const old = new Date(t.clock.now() - 60 * DAY)
    const n = RETENTION_BATCH * 2 + 7
    const rows = Array.from({ length: n }, (_, i) => ({ keyId: w.keyId, method: 'GET', route: '/r', status: 200, requestId: `old-${i}`, createdAt: old }))
    // Ten rows a statement: D1 binds at most 100 values.
    for (let i = 0; i < rows.length; i += 10) await scope.insert(apiRequestLog, rows.slice(i, i + 10))
    await scope.insert(apiRequestLog, { keyId: w.keyId, method: 'GET', route: '/r', status: 200, requestId: 'young', createdAt: new Date(t.clock.now() - DAY) })
    expect(await sweepProgramRetention(t.db, demo.id, t.deps.config.retention, t.clock.now())).toBe(true)
    expect((await scope.select(apiRequestLog)).map((r) => r.requestId)).toEqual(['young'])
    // The sweep's place in its round is kept between runs.
    await sweepRetention(t.deps, t.clock.now())
    const [state] = await t.db.select().from(retentionSweepState)
    expect(state).toMatchObject({ cursor: 0, roundStartedAt: t.clock.now() })
  })

  it("logs a program whose sweep fails and goes on with the others' in the same round", async () => {
    const { t, demo } = await setup()
    const w = await world(t, demo)
    const [links] = await t.db.select().from(programs).where(eq(programs.publicKey, 'links'))
    const old = new Date(t.clock.now() - 60 * DAY)
    const [linksKey] = await programScope(t.db, links!.id)
      .insert(apiKeys, { name: 'k', prefix: 'tk_test_lnk', keyHash: 'y', expiresAt: new Date(t.clock.now() + 365 * DAY) })
      .returning({ id: apiKeys.id })
    await programScope(t.db, demo.id).insert(apiRequestLog, { keyId: w.keyId, method: 'GET', route: '/r', status: 200, requestId: 'demo-old', createdAt: old })
    await programScope(t.db, links!.id).insert(apiRequestLog, { keyId: linksKey!.id, method: 'GET', route: '/r', status: 200, requestId: 'links-old', createdAt: old })
    // The demo program's sweep fails (as a database error would).
    await t.execute(`CREATE TRIGGER retention_test_fail BEFORE DELETE ON api_request_log WHEN OLD.program_id = ${demo.id} BEGIN SELECT RAISE(ABORT, 'injected retention failure'); END`)
    const lines: string[] = []
    t.deps.log = (line: string) => lines.push(line)
    await sweepRetention(t.deps, t.clock.now())
    expect((await t.db.select().from(apiRequestLog)).map((r) => r.requestId)).toEqual(['demo-old'])
    expect(lines.some((l) => l.startsWith(`[retention] program ${demo.id}:`) && l.includes('injected retention failure'))).toBe(true)
    const [state] = await t.db.select().from(retentionSweepState)
    expect(state!.cursor).toBe(0) // the round ended; the demo program is tried again next round
  })

  it('answers the settings with the defaults, keeps overrides per program, and refuses a window out of bounds naming it', async () => {
    const { t, demo } = await setup()
    const admin = await consoleAs(t, 'admin@tessera.dev')
    const path = `/admin/v2/programs/${demo.id}/settings/retention`
    const got = await admin.json<{ data: RetentionSettings }>(path)
    expect(got.status).toBe(200)
    expect(got.body.data.defaults).toEqual({ receipt_images_days: 90, ip_device_days: 30, api_request_log_days: 30, delivered_outbox_days: 7, expired_sessions_days: 30, import_files_days: 30 })
    expect(Object.values(got.body.data.overrides).every((v) => v === null)).toBe(true)

    const bad = await admin.json<{ success: boolean; errors: Record<string, string> }>(path, { method: 'PATCH', json: { delivered_outbox_days: 0, import_files_days: 'soon', receipt_images_days: 12 } })
    expect(bad.status).toBe(422)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['delivered_outbox_days', 'import_files_days'])
    expect(bad.body.errors.delivered_outbox_days).toBe(`Delivered e-mails and webhook events must be a whole number of days from 1 to ${RETENTION_RULES.delivered_outbox.max}, or empty for the default`)
    expect((await admin.json<{ data: RetentionSettings }>(path)).body.data.overrides.receipt_images_days).toBeNull() // nothing saved

    await admin.json(path, { method: 'PATCH', json: { receipt_images_days: 12, import_files_days: 3 } })
    const cleared = await admin.json<{ data: RetentionSettings }>(path, { method: 'PATCH', json: { import_files_days: '' } })
    expect(cleared.body.data.overrides).toMatchObject({ receipt_images_days: 12, import_files_days: null })
    expect(cleared.body.data.effective).toMatchObject({ receipt_images_days: 12, import_files_days: 30 })
  })

  it("takes the deployment's windows from RETENTION_*_DAYS and refuses to start on a bad one", () => {
    const base = { ENVIRONMENT: 'test', APP_SECRET: 'test-secret-test-secret-test-secret-!!' }
    expect(configFromEnv({ ...base, RETENTION_RECEIPT_IMAGES_DAYS: '14', RETENTION_DELIVERED_OUTBOX_DAYS: '2' }).retention).toMatchObject({ receipt_images_days: 14, delivered_outbox_days: 2, ip_device_days: 30 })
    expect(() => configFromEnv({ ...base, RETENTION_DELIVERED_OUTBOX_DAYS: '0' })).toThrow('RETENTION_DELIVERED_OUTBOX_DAYS must be a whole number of days from 1 to 3650')
    expect(() => configFromEnv({ ...base, RETENTION_IP_DEVICE_DAYS: '30d' })).toThrow('RETENTION_IP_DEVICE_DAYS')
  })
})
