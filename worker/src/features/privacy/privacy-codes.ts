import { and, desc, eq, isNull } from 'drizzle-orm'
import type { PrivacyAction, PrivacyCodeResponse } from '../../../../sdk/contract/privacy'
import { batch } from '../../db/batch'
import { privacyCodes } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import type { ParticipantRow, ProgramRow } from '../../env'
import { hmac, randomDigits, safeEqual } from '../../lib/crypto'
import { AppError } from '../../lib/errors'
import { limiterOf } from '../../platform/limiter'
import { cachedPublicProgram } from '../programs/programs'
import { greetingName, mailBrandOf } from '../signin/mail-templates'
import { maskEmail } from '../signin/participant-signin'
import { minutes, plural, seconds, SIGNIN_LOCKOUT, tooMany } from '../signin/signin-throttle'
import { dispatchOutbox, outboxIdsFrom, outboxInsert } from '../webhooks/outbox'
import { privacyCodeMail } from './privacy-mail'

/**
 * Codes that confirm a participant's own data export or account deletion (a sensitive action: the
 * session alone is not enough, the mailbox must answer too). Limits per account, across codes and
 * resends, in the database like the sign-in's (decision 0009):
 * - a new code at most once a minute, and PRIVACY_CODES_PER_ACCOUNT an hour (export and delete together);
 * - wrong codes count against the account as the sign-in's do (SIGNIN_LOCKOUT: 5 free, then a growing
 *   wait, an hour's lock from 10 in a day), and one code takes at most PRIVACY_CODE_ATTEMPTS tries.
 */
export const PRIVACY_CODE_TTL_MS = 10 * 60 * 1000
export const PRIVACY_RESEND_WAIT_MS = 60 * 1000
export const PRIVACY_CODES_PER_ACCOUNT = { limit: 5, windowMs: 3_600_000 }
export const PRIVACY_CODE_ATTEMPTS = 5

export type PrivacyContext = { scope: ProgramScope; deps: Deps; program: ProgramRow; origin: string }

const codesKey = (programId: number, participantId: number) => `privacy:codes:${programId}:${participantId}`
const failuresKey = (programId: number, participantId: number) => `privacy:fail:${programId}:${participantId}`
const secretHash = (deps: Deps, programId: number, participantId: number, action: PrivacyAction, code: string) => hmac(deps.config.secret, `privacy:${programId}:${participantId}:${action}:${code}`)

/** The account's lock after wrong codes, with the wait in minutes. */
const lockedFor = (waitMs: number) => tooMany('too_many_attempts', `Too many wrong codes. Please try again in ${plural(minutes(waitMs), 'minute')}.`, waitMs)

const NEXT_STEP: Record<PrivacyAction, string> = { export: 'Enter it to download your data.', delete: 'Enter it to delete your account.' }
const INVALID_CODE = 'Invalid code. Please check the code and try again.'

async function assertNotLocked(deps: Deps, programId: number, participantId: number) {
  const until = await limiterOf(deps).lockedUntil(failuresKey(programId, participantId))
  const now = deps.clock.now()
  if (until > now) throw lockedFor(until - now)
}

/**
 * Mails a fresh 6-digit code for `action` to the participant's address, valid PRIVACY_CODE_TTL_MS. It
 * replaces their previous code for the same action (only the newest works).
 */
export async function sendPrivacyCode(ctx: PrivacyContext, participant: ParticipantRow, action: PrivacyAction): Promise<PrivacyCodeResponse> {
  const { scope, deps, program } = ctx
  const now = deps.clock.now()
  const mine = eq(privacyCodes.participantId, participant.id)
  const [last] = await scope.select(privacyCodes, and(mine, isNull(privacyCodes.consumedAt))).orderBy(desc(privacyCodes.createdAt)).limit(1)
  if (last && now - last.createdAt.getTime() < PRIVACY_RESEND_WAIT_MS) {
    const wait = PRIVACY_RESEND_WAIT_MS - (now - last.createdAt.getTime())
    throw tooMany('resend_too_soon', `Please wait ${plural(seconds(wait), 'second')} before asking for a new code.`, wait)
  }
  await assertNotLocked(deps, scope.programId, participant.id)
  const hit = await limiterOf(deps).hit(codesKey(scope.programId, participant.id), PRIVACY_CODES_PER_ACCOUNT.limit, PRIVACY_CODES_PER_ACCOUNT.windowMs, now)
  if (!hit.ok) throw tooMany('rate_limited', `Too many codes were asked for this account. Please try again in ${plural(minutes(hit.retryAfterMs), 'minute')}.`, hit.retryAfterMs)

  const code = randomDigits(6)
  const expiresAt = new Date(now + PRIVACY_CODE_TTL_MS)
  const template = (await cachedPublicProgram(deps, program)).program_template_detail
  const mail = privacyCodeMail({
    to: participant.email,
    from: deps.config.mailFrom,
    programName: program.name,
    firstName: greetingName(participant.firstName),
    code,
    action,
    minutes: PRIVACY_CODE_TTL_MS / 60_000,
    brand: mailBrandOf(template.element_css_style, template.header_logo, ctx.origin),
  })
  const results = (await batch(deps.db, [
    scope.delete(privacyCodes, and(mine, eq(privacyCodes.purpose, action))),
    scope.insert(privacyCodes, { participantId: participant.id, purpose: action, secretHash: await secretHash(deps, scope.programId, participant.id, action, code), expiresAt, createdAt: new Date(now) }),
    outboxInsert(deps.db, scope.programId, { topic: 'email', payload: mail }),
  ])) as unknown[]
  await dispatchOutbox(deps, outboxIdsFrom(results, [2]))
  return { ok: true, action, message: `We sent a 6-digit code to ${maskEmail(participant.email)}. ${NEXT_STEP[action]}`, expires_at: expiresAt.toISOString() }
}

const codeError = (code: 'invalid_code' | 'code_expired', message: string) => new AppError(code, 422, message, { code: message })

/**
 * Checks and uses the participant's code for `action` (throws when it is wrong, expired, used up or
 * the account is locked). Each try is counted before the comparison, guarded in SQL, so parallel
 * guesses cannot pass the limit; a right code is used once.
 */
export async function consumePrivacyCode(ctx: Pick<PrivacyContext, 'scope' | 'deps'>, participant: ParticipantRow, action: PrivacyAction, code: string): Promise<void> {
  const { scope, deps } = ctx
  const now = deps.clock.now()
  await assertNotLocked(deps, scope.programId, participant.id)
  const wrong = async () => {
    const { lockedUntil } = await limiterOf(deps).fail(failuresKey(scope.programId, participant.id), SIGNIN_LOCKOUT, now)
    if (lockedUntil > now) throw lockedFor(lockedUntil - now)
    return codeError('invalid_code', INVALID_CODE)
  }
  const [row] = await scope
    .select(privacyCodes, and(eq(privacyCodes.participantId, participant.id), eq(privacyCodes.purpose, action), isNull(privacyCodes.consumedAt)))
    .orderBy(desc(privacyCodes.createdAt))
    .limit(1)
  if (!row) throw await wrong()
  if (row.expiresAt.getTime() <= now) throw codeError('code_expired', 'This code has expired. Please ask for a new code.')
  if (row.attempts >= PRIVACY_CODE_ATTEMPTS) throw tooMany('too_many_attempts', 'Too many attempts. Please ask for a new code.', PRIVACY_RESEND_WAIT_MS)
  const counted = await scope
    .update(privacyCodes, { attempts: row.attempts + 1 }, and(eq(privacyCodes.id, row.id), eq(privacyCodes.attempts, row.attempts), isNull(privacyCodes.consumedAt)))
    .returning({ id: privacyCodes.id })
  if (!counted.length) throw await wrong()
  if (!safeEqual(row.secretHash, await secretHash(deps, scope.programId, participant.id, action, code))) throw await wrong()
  const used = await scope.update(privacyCodes, { consumedAt: new Date(now) }, and(eq(privacyCodes.id, row.id), isNull(privacyCodes.consumedAt))).returning({ id: privacyCodes.id })
  if (!used.length) throw codeError('invalid_code', INVALID_CODE)
  await limiterOf(deps).reset(failuresKey(scope.programId, participant.id))
}
