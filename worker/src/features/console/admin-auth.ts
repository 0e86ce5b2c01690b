import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { programScope } from '../../db/scope'
import { adminProgramPermissions, adminSessions, adminSigninCodes, adminUsers, programs } from '../../db/schema'
import type { Deps } from '../../deps'
import type { AdminRow, ProgramAccess } from '../../env'
import { hmac, randomDigits, randomToken, safeEqual, sha256 } from '../../lib/crypto'
import { AppError } from '../../lib/errors'
import { magicLinkMail, signinCodeMail } from '../signin/mail-templates'
import { dispatchOutbox, outboxInsert } from '../webhooks/outbox'
import { touchAdminSession } from '../signin/sessions'
import { type Account, assertNotLocked, clearSigninFailures, giveBackClient, limitClient, limitMailTo, recordSigninFailure, startCountOf } from '../signin/signin-throttle'
import { ipHash } from '../../lib/client-ip'
import { MAGIC_LINK_TTL_MS, MAX_CODE_ATTEMPTS, OTP_TTL_MS, RESEND_WAIT_MS } from '../signin/participant-signin'
import { batch } from '../../db/batch'

const CONSOLE_NAME = 'Tessera Console'

const invalidOtp = () => new AppError('invalid_code', 401, 'Invalid OTP')
const adminAccount = (email: string): Account => ({ kind: 'admin', email })

/** Whether a sign-in mail may go to this admin now (not locked out, under the per-address limit). */
async function mayMail(deps: Deps, email: string): Promise<boolean> {
  try {
    await assertNotLocked(deps, adminAccount(email))
    await limitMailTo(deps, email)
    return true
  } catch (err) {
    if (err instanceof AppError && err.status === 429) return false
    throw err
  }
}

/**
 * Step 1 of the console's code sign-in. Known and unknown e-mails get the same answer (a browser
 * token); only known admins are e-mailed a code. A second request inside 60 s sends nothing new.
 */
export async function startAdminSignin(deps: Deps, email: string, clientIp?: string): Promise<{ browserToken: string }> {
  const { db, config } = deps
  const now = deps.clock.now()
  await limitClient(deps, 'signin-start', clientIp)
  const browserToken = randomToken(24)
  const admin = (await db.select().from(adminUsers).where(eq(adminUsers.email, email)).limit(1))[0]
  if (!admin) return { browserToken }
  const last = (
    await db.select().from(adminSigninCodes).where(and(eq(adminSigninCodes.email, email), eq(adminSigninCodes.kind, 'otp'))).orderBy(desc(adminSigninCodes.createdAt)).limit(1)
  )[0]
  if (last && !last.consumedAt && now - last.createdAt.getTime() < RESEND_WAIT_MS) {
    // Inside the resend wait nothing is mailed, and the pending code stays bound to the browser that
    // asked first: a stranger repeating the request cannot take it over.
    return { browserToken }
  }
  // A locked admin gets no code, and an address a few an hour; the answer stays the one unknown
  // e-mails get, so it tells nothing.
  if (!(await mayMail(deps, email))) return { browserToken }
  const code = randomDigits(6)
  const results = (await batch(db, [
    db.update(adminSigninCodes).set({ supersededAt: new Date(now) }).where(and(eq(adminSigninCodes.email, email), isNull(adminSigninCodes.consumedAt), isNull(adminSigninCodes.supersededAt))),
    db.insert(adminSigninCodes).values({
      email,
      adminUserId: admin.id,
      kind: 'otp',
      secretHash: await hmac(config.secret, `aotp:${admin.id}:${code}`),
      browserTokenHash: await hmac(config.secret, `abt:${browserToken}`),
      expiresAt: new Date(now + OTP_TTL_MS),
      createdAt: new Date(now),
    }),
    outboxInsert(db, null, {
      topic: 'email',
      payload: signinCodeMail({ to: email, from: config.mailFrom, programName: CONSOLE_NAME, firstName: admin.firstName || 'there', code }),
    }),
  ])) as unknown[]
  await dispatchOutbox(deps, (results[2] as { id: number }[]).map((r) => r.id))
  return { browserToken }
}

/** Step 2: the code bound to this browser token, unexpired, unused, at most 5 tries. */
export async function verifyAdminCode(deps: Deps, otp: string, browserToken: string, clientIp?: string): Promise<AdminRow> {
  const { db, config } = deps
  const now = deps.clock.now()
  const checkCount = await limitClient(deps, 'signin-verify', clientIp)
  const row = (
    await db
      .select()
      .from(adminSigninCodes)
      .where(and(eq(adminSigninCodes.browserTokenHash, await hmac(config.secret, `abt:${browserToken}`)), eq(adminSigninCodes.kind, 'otp'), isNull(adminSigninCodes.consumedAt), isNull(adminSigninCodes.supersededAt)))
      .orderBy(desc(adminSigninCodes.createdAt))
      .limit(1)
  )[0]
  if (!row || !row.adminUserId || row.expiresAt.getTime() <= now || row.attempts >= MAX_CODE_ATTEMPTS) throw invalidOtp()
  // Failures count per admin across codes and resends (signin-throttle.ts); locked, even the right code fails.
  const account = adminAccount(row.email)
  await assertNotLocked(deps, account)
  const failed = async () => (await recordSigninFailure(deps, account)) ?? invalidOtp()
  const counted = await db
    .update(adminSigninCodes)
    .set({ attempts: row.attempts + 1 })
    .where(and(eq(adminSigninCodes.id, row.id), eq(adminSigninCodes.attempts, row.attempts), isNull(adminSigninCodes.consumedAt)))
    .returning({ id: adminSigninCodes.id })
  if (!counted.length) throw await failed()
  if (!safeEqual(await hmac(config.secret, `aotp:${row.adminUserId}:${otp}`), row.secretHash)) throw await failed()
  const consumed = await db.update(adminSigninCodes).set({ consumedAt: new Date(now) }).where(and(eq(adminSigninCodes.id, row.id), isNull(adminSigninCodes.consumedAt))).returning({ id: adminSigninCodes.id })
  if (!consumed.length) throw invalidOtp()
  await clearSigninFailures(deps, account)
  // A right code gives its check's count back, and its start's when the start came from this address
  // (console codes keep no address; admins are few).
  await giveBackClient(deps, checkCount, clientIp ? startCountOf(await ipHash(config.secret, clientIp)) : null)
  const admin = (await db.select().from(adminUsers).where(eq(adminUsers.id, row.adminUserId)).limit(1))[0]
  if (!admin) throw invalidOtp()
  return admin
}

/** The e-mail-entry variant (/admin/v2/auth/sign_in): e-mails a single-use sign-in link. */
export async function sendAdminSigninLink(deps: Deps, email: string, origin: string, clientIp?: string): Promise<void> {
  const { db, config } = deps
  const now = deps.clock.now()
  await limitClient(deps, 'signin-start', clientIp)
  const admin = (await db.select().from(adminUsers).where(eq(adminUsers.email, email)).limit(1))[0]
  if (!admin || !(await mayMail(deps, email))) return
  const token = randomToken(32)
  const link = `${origin}/admin/v2/auth/link?token=${encodeURIComponent(token)}`
  const results = (await batch(db, [
    db.insert(adminSigninCodes).values({
      email,
      adminUserId: admin.id,
      kind: 'magic_link',
      secretHash: await hmac(config.secret, `aml:${token}`),
      expiresAt: new Date(now + MAGIC_LINK_TTL_MS),
      createdAt: new Date(now),
    }),
    outboxInsert(db, null, {
      topic: 'email',
      payload: magicLinkMail({ to: email, from: config.mailFrom, programName: CONSOLE_NAME, firstName: admin.firstName || 'there', link, minutes: 20 }),
    }),
  ])) as unknown[]
  await dispatchOutbox(deps, (results[1] as { id: number }[]).map((r) => r.id))
}

export async function consumeAdminSigninLink(deps: Deps, token: string, consume: boolean): Promise<AdminRow | null> {
  const { db, config } = deps
  const now = new Date(deps.clock.now())
  const hash = await hmac(config.secret, `aml:${token}`)
  const cond = and(eq(adminSigninCodes.secretHash, hash), eq(adminSigninCodes.kind, 'magic_link'), isNull(adminSigninCodes.consumedAt), gt(adminSigninCodes.expiresAt, now))
  const row = (await db.select().from(adminSigninCodes).where(cond).limit(1))[0]
  if (!row?.adminUserId) return null
  if (consume) {
    const done = await db.update(adminSigninCodes).set({ consumedAt: now }).where(and(eq(adminSigninCodes.id, row.id), cond)).returning({ id: adminSigninCodes.id })
    if (!done.length) return null
  }
  return (await db.select().from(adminUsers).where(eq(adminUsers.id, row.adminUserId)).limit(1))[0] ?? null
}

/**
 * The admin session of `token`, and (with `programId`, the program the request's path names) that
 * program and the admin's grants on it: one batch, so on D1 one round trip where it was three (the
 * grants are joined through the same session, so they are the session's admin's and no one else's).
 * `programDb`: where the program's rows live when that is not `db` (a program on another shard,
 * decision 0041): the session and grants are one batch on `db` (control), the program's row a read
 * there beside it.
 */
export async function findAdminSession(db: Db, token: string, now: number, programId?: number, programDb: Db = db) {
  const tokenHash = await sha256(token)
  const live = and(eq(adminSessions.tokenHash, tokenHash), gt(adminSessions.expiresAt, new Date(now)))
  // Every column named once: D1's batch answers rows as objects keyed by column name, where a second
  // "id" would overwrite the first and shift the admin's fields.
  const session = db
    .select({ sessionId: sql<number>`${adminSessions.id}`.mapWith(Number).as('session_id'), expiresAt: adminSessions.expiresAt, admin: adminUsers })
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.adminUserId))
    .where(live)
    .limit(1)
  let found: { sessionId: number; expiresAt: Date; admin: AdminRow } | undefined
  let access: ProgramAccess | undefined
  if (programId === undefined) found = (await session)[0]
  else {
    const program = (from: Db) => from.select().from(programs).where(eq(programs.id, programId)).limit(1)
    const grantsOf = db
      .select({ resource: adminProgramPermissions.resource, action: adminProgramPermissions.action })
      .from(adminProgramPermissions)
      .innerJoin(adminSessions, eq(adminSessions.adminUserId, adminProgramPermissions.adminUserId))
      .where(programScope(db, programId).where(adminProgramPermissions, live))
    const [[rows, grants], programRows] =
      programDb === db
        ? await batch(db, [session, program(db), grantsOf]).then(([r, p, g]) => [[r, g], p] as const)
        : await Promise.all([batch(db, [session, grantsOf]), program(programDb)])
    found = rows[0]
    access = { programId, program: programRows[0] ?? null, grants }
  }
  if (found) await touchAdminSession(db, found.sessionId, found.expiresAt.getTime(), now)
  return found && { ...found, access }
}

export async function deleteAdminSession(db: Db, sessionId: number) {
  await db.delete(adminSessions).where(eq(adminSessions.id, sessionId))
}
