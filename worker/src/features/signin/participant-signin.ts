import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import type { SigninParticipant, SigninRetryCode, SigninVerifyResponse, signinVerifyRequestSchema } from '../../../../sdk/contract/auth'
import type { z } from 'zod'
import {
  challengeCompletions,
  challenges,
  participantActions,
  participantProfileAttributes,
  participants,
  referrals,
  signinCodes,
  type SignupData,
} from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import type { ParticipantRow, ProgramRow } from '../../env'
import { hmac, randomDigits, randomToken, safeEqual } from '../../lib/crypto'
import { ipHash } from '../../lib/client-ip'
import { AppError } from '../../lib/errors'
import { safeRedirect } from '../../../../sdk/contract/redirect'
import type { CaptchaVerifier } from '../../platform/captcha'
import { ledgerWrite } from '../points/ledger'
import { eventDeliveries, participantCreatedInsert, type ParticipantSource } from '../webhooks/events'
import {
  type Account,
  assertNotLocked,
  type ChallengeVerdict,
  type ClientCount,
  clearSigninFailures,
  giveBackClient,
  limitClient,
  limitMailTo,
  programTrustedNetworks,
  recordSigninFailure,
  startCountOf,
} from './signin-throttle'
import { approveReferral, referralHoldReason } from '../referrals/referrals'
import { greetingName, mailBrandOf, magicLinkMail, signinCodeMail } from './mail-templates'
import { cachedPublicProgram } from '../programs/programs'
import { dispatchOutbox, dispatchOutboxLater, outboxIdsFrom, outboxInsert } from '../webhooks/outbox'
import { batch, type BatchStatement } from '../../db/batch'

export const OTP_TTL_MS = 10 * 60 * 1000
export const MAGIC_LINK_TTL_MS = 20 * 60 * 1000
export const RESEND_WAIT_MS = 60 * 1000
export const MAX_CODE_ATTEMPTS = 5

type VerifyInput = z.output<typeof signinVerifyRequestSchema>

export type SigninContext = {
  scope: ProgramScope
  program: ProgramRow
  deps: Deps
  /** The site origin links point to, e.g. https://demo.tessera.app. */
  origin: string
  /** Host names an embedded sign-in may return to (the program's domain list); see signinReturnHosts. */
  returnHosts?: readonly string[] | undefined
  captcha?: CaptchaVerifier | undefined
  remoteIp?: string | undefined
}

export type SigninResult =
  | { kind: 'sent'; response: SigninVerifyResponse }
  /** The next step (sign-up) or a field to fix (a wrong or expired code): a 200 answer, not a failure. */
  | { kind: 'step'; response: SigninVerifyResponse }
  | { kind: 'signed_in'; response: SigninVerifyResponse; participant: ParticipantRow }

const toSigninParticipant = (p: { id: number | null; firstName: string; lastName: string; email: string }): SigninParticipant => ({
  id: p.id,
  first_name: p.firstName,
  last_name: p.lastName,
  name: `${p.firstName} ${p.lastName}`.trim(),
  email: p.email,
})

const OTP_EXTRA = { participant: null, otp_logged: false, sign_type: 'OTP', browser_token: null }
const otpFailure = (code: 'too_many_attempts' | 'resend_too_soon', status: 429, message: string) =>
  new AppError(code, status, message, undefined, OTP_EXTRA)
const accountOf = (ctx: SigninContext, email: string): Account => ({ kind: 'participant', programId: ctx.program.id, email })

const secretHash = (ctx: SigninContext, kind: 'otp' | 'ml', email: string, secret: string) =>
  hmac(ctx.deps.config.secret, `${kind}:${ctx.program.id}:${kind === 'otp' ? email : ''}:${secret}`)

/**
 * POST /public/signin/verify: one call for every step of participant-site.md section 4.
 * - e-mail only, known participant: sends a code (otp_login) or a magic link;
 * - unknown e-mail without sign-up fields: answers sign_type SIGN_UP so the client shows the form;
 * - sign-up fields: validates them and sends a code or link carrying the sign-up details, the
 *   participant row is created only once the e-mail is proven;
 * - otp + browser_token: verifies the code and signs in.
 */
export async function verifySignin(ctx: SigninContext, input: VerifyInput): Promise<SigninResult> {
  const trusted = programTrustedNetworks(ctx.program)
  if (input.otp) {
    const checkCount = await limitClient(ctx.deps, 'signin-verify', ctx.remoteIp, { extra: OTP_EXTRA, trusted })
    return verifyCode(ctx, input.email, input.otp, input.browser_token, checkCount)
  }
  const turnstile = turnstileCheck(ctx, input)
  // Past the address's threshold a start must pass the program's Turnstile check, when there is a
  // real one (with the check off, it would lift the limit for everyone).
  const startCount = await limitClient(ctx.deps, 'signin-start', ctx.remoteIp, { extra: OTP_EXTRA, trusted, challenge: ctx.captcha?.off ? undefined : turnstile })
  // Only codes mailed and never confirmed are suspicious: a step that mails nothing (a new e-mail's
  // "tell us about yourself", a sign-up form with a missing field) gives its count back.
  const mailsNothing = () => giveBackClient(ctx.deps, startCount)

  const existing = await ctx.scope.first(participants, eq(participants.email, input.email))
  if (existing && existing.status === 'blocked') {
    // Same answer as for any other e-mail: nothing reveals a blocked account, and no code is sent.
    return sendSecret(ctx, input, { firstName: existing.firstName, lastName: existing.lastName, participantId: existing.id }, null, true)
  }
  if (existing) {
    return sendSecret(ctx, input, { firstName: existing.firstName, lastName: existing.lastName, participantId: existing.id }, null)
  }

  const enrollment = ctx.program.enrollment
  // A new e-mail is the next step of the flow, not a failure: 200 with sign_type SIGN_UP.
  if (ctx.program.overrideEnrollment && ctx.program.programCustomSigninUrl) {
    await mailsNothing()
    return signupStep('Sign-up for this program happens on its own page', ctx.program.programCustomSigninUrl)
  }
  const signingUp = input.first_name !== undefined || input.last_name !== undefined || input.agree_terms !== undefined
  if (!signingUp) {
    await mailsNothing()
    return signupStep('Welcome! Tell us a little about yourself to sign up.')
  }
  const fields: Record<string, string> = {}
  if (!input.first_name) fields.first_name = 'First name is required'
  if (!input.last_name) fields.last_name = 'Last name is required'
  if (enrollment.signup_postal_required && !input.postal) fields.postal = 'Zip Code is required'
  if (input.agree_terms !== true) fields.agree_terms = 'You must accept the terms'
  if (Object.keys(fields).length) {
    await mailsNothing()
    throw new AppError('validation_failed', 422, 'Required fields are missing', fields, {
      participant: null,
      otp_logged: false,
      sign_type: 'SIGN_UP',
      browser_token: null,
    })
  }
  if (!enrollment.allow_signup) {
    await mailsNothing()
    throw new AppError('forbidden', 403, 'This program is not accepting new members', undefined, { sign_type: 'SIGN_UP' })
  }
  if (turnstile && (await turnstile()) !== 'passed') {
    throw new AppError('validation_failed', 422, 'Please complete the bot check', { 'cf-turnstile-response': 'Bot check failed' }, { sign_type: 'SIGN_UP' })
  }
  const signup: SignupData = {
    first_name: input.first_name!,
    last_name: input.last_name!,
    postal: input.postal,
    referral_code: input.referral_code,
  }
  return sendSecret(ctx, input, { firstName: signup.first_name, lastName: signup.last_name, participantId: null }, signup)
}

/**
 * The program's Turnstile check of this request's token (`cf-turnstile-response`), asked of siteverify
 * at most once however many steps read it (the escalation past the address's threshold, then the
 * sign-up): a token is single use. Undefined where the program has no site key.
 */
function turnstileCheck(ctx: SigninContext, input: VerifyInput): (() => Promise<ChallengeVerdict>) | undefined {
  const { captcha } = ctx
  if (!ctx.program.turnstileSiteKey || !captcha) return undefined
  const token = input['cf-turnstile-response'] ?? ''
  let verdict: Promise<ChallengeVerdict> | undefined
  return () => (verdict ??= captcha.verify(token, ctx.remoteIp).then((passed): ChallengeVerdict => (passed ? 'passed' : token ? 'failed' : 'missing')))
}

const signupStep = (message: string, redirectUrl?: string): SigninResult => ({
  kind: 'step',
  response: {
    ok: true,
    participant: null,
    otp_logged: false,
    sign_type: 'SIGN_UP',
    browser_token: null,
    message,
    ...(redirectUrl ? { redirect_url: redirectUrl } : {}),
  },
})

/** A wrong or expired code: the code field shows the message (200), the flow stays on the code step. */
const codeRetry = (code: SigninRetryCode, message: string, browserToken: string | undefined): SigninResult => ({
  kind: 'step',
  response: {
    ok: false,
    participant: null,
    otp_logged: false,
    sign_type: 'OTP',
    browser_token: browserToken ?? null,
    message,
    error: { code, message, fields: { otp: message } },
  },
})
const INVALID_CODE = 'Invalid code. Please check the code and try again.'

/**
 * Where a confirmed link returns: a same-site path, or (embedded sign-in) the partner page the
 * sign-in started on, when its host is in the program's domain list (sdk/contract/redirect.ts).
 */
const returnTarget = (ctx: SigninContext, input: VerifyInput) =>
  (input.return_to && ctx.returnHosts ? safeRedirect(input.return_to, { allowHosts: ctx.returnHosts }) : null) ?? safeRedirect(input.redirect_to)

async function sendSecret(
  ctx: SigninContext,
  input: VerifyInput,
  who: { firstName: string; lastName: string; participantId: number | null },
  signup: SignupData | null,
  silent = false,
): Promise<SigninResult> {
  const { scope, deps, program } = ctx
  const now = deps.clock.now()
  const useOtp = program.features.otp_login
  const latest = await scope
    .select(signinCodes, and(eq(signinCodes.email, input.email), isNull(signinCodes.consumedAt)))
    .orderBy(desc(signinCodes.createdAt))
    .limit(1)
  const last = latest[0]
  if (last && now - last.createdAt.getTime() < RESEND_WAIT_MS) {
    const wait = Math.ceil((RESEND_WAIT_MS - (now - last.createdAt.getTime())) / 1000)
    throw otpFailure('resend_too_soon', 429, `Please wait ${wait} seconds before requesting a new ${useOtp ? 'code' : 'link'}`)
  }
  // A locked account gets no new code (it could not be used), and each address gets a few mails an
  // hour whoever asks; both count for blocked accounts too, so the answers reveal nothing.
  await assertNotLocked(deps, accountOf(ctx, input.email), OTP_EXTRA)
  await limitMailTo(deps, input.email, OTP_EXTRA)
  const browserToken = useOtp ? (input.browser_token && input.browser_token.length >= 16 ? input.browser_token : randomToken(24)) : null
  const secret = useOtp ? randomDigits(6) : randomToken(32)
  const hash = await secretHash(ctx, useOtp ? 'otp' : 'ml', input.email, secret)
  const ttl = useOtp ? OTP_TTL_MS : MAGIC_LINK_TTL_MS
  // The program's colours and logo (console branding), from the cached public program.
  const template = (await cachedPublicProgram(deps, program)).program_template_detail
  const brand = mailBrandOf(template.element_css_style, template.header_logo, ctx.origin)
  const mail = useOtp
    ? signinCodeMail({ to: input.email, from: deps.config.mailFrom, programName: program.name, firstName: greetingName(who.firstName), code: secret, brand })
    : magicLinkMail({
        to: input.email,
        from: deps.config.mailFrom,
        programName: program.name,
        firstName: greetingName(who.firstName),
        link: magicLinkUrl(ctx.origin, program, secret),
        minutes: MAGIC_LINK_TTL_MS / 60000,
        brand,
      })

  const supersede = scope.update(
    signinCodes,
    { supersededAt: new Date(now) },
    and(eq(signinCodes.email, input.email), isNull(signinCodes.consumedAt), isNull(signinCodes.supersededAt)),
  )
  const insert = scope.insert(signinCodes, {
    email: input.email,
    participantId: who.participantId,
    kind: useOtp ? 'otp' : 'magic_link',
    secretHash: hash,
    browserTokenHash: browserToken ? await hmac(deps.config.secret, `bt:${browserToken}`) : null,
    signupData: signup,
    redirectTo: returnTarget(ctx, input),
    ipHash: ctx.remoteIp && ctx.remoteIp !== 'unknown' ? await ipHash(deps.config.secret, ctx.remoteIp) : null,
    expiresAt: new Date(now + ttl),
    createdAt: new Date(now),
  })
  if (silent) {
    await batch(deps.db, [supersede, insert])
  } else {
    const results = (await batch(deps.db, [supersede, insert, outboxInsert(deps.db, program.id, { topic: 'email', payload: mail })])) as unknown[]
    const ids = (results[2] as { id: number }[]).map((r) => r.id)
    await dispatchOutbox(deps, ids)
  }
  return {
    kind: 'sent',
    response: {
      ok: true,
      // Before the e-mail is proven, only what the flow needs: sign-in vs sign-up (sign_type) and the
      // first name it greets with. No id, no last name.
      participant: { id: null, first_name: who.firstName, last_name: '', name: who.firstName, email: input.email },
      otp_logged: false,
      sign_type: useOtp ? 'OTP' : 'MAGIC_LINK',
      browser_token: browserToken,
      message: useOtp
        ? `An email was sent to ${maskEmail(input.email)} with a 6-digit code.`
        : 'A login link is in your email. Click it within 20 minutes to access your account.',
    },
  }
}

/** Checks a 6-digit code: bound to the browser token, unexpired, not superseded, at most 5 tries. */
async function verifyCode(ctx: SigninContext, email: string, otp: string, browserToken: string | undefined, checkCount: ClientCount): Promise<SigninResult> {
  const { scope, deps } = ctx
  const now = deps.clock.now()
  const account = accountOf(ctx, email)
  await assertNotLocked(deps, account, OTP_EXTRA)
  // Every wrong try counts against the account (e-mail and program), across codes and resends. A
  // wrong code is a field error (200); the try that earns a wait is the 429 lockout error.
  const invalid = async (): Promise<SigninResult> => {
    const locked = await recordSigninFailure(deps, account, OTP_EXTRA)
    if (locked) throw locked
    return codeRetry('invalid_code', INVALID_CODE, browserToken)
  }
  if (!browserToken) return invalid()
  const rows = await scope
    .select(signinCodes, and(eq(signinCodes.email, email), eq(signinCodes.kind, 'otp'), isNull(signinCodes.consumedAt), isNull(signinCodes.supersededAt)))
    .orderBy(desc(signinCodes.createdAt))
    .limit(1)
  const row = rows[0]
  if (!row || !row.browserTokenHash || !safeEqual(row.browserTokenHash, await hmac(deps.config.secret, `bt:${browserToken}`))) {
    return invalid()
  }
  if (row.expiresAt.getTime() <= now) return codeRetry('code_expired', 'This code has expired. Please request a new code.', browserToken)
  if (row.attempts >= MAX_CODE_ATTEMPTS) throw otpFailure('too_many_attempts', 429, 'Too many attempts. Please request a new code.')
  // Count the try before comparing, guarded in SQL, so parallel guesses cannot exceed the limit.
  const counted = await scope
    .update(signinCodes, { attempts: row.attempts + 1 }, and(eq(signinCodes.id, row.id), eq(signinCodes.attempts, row.attempts), isNull(signinCodes.consumedAt)))
    .returning({ attempts: signinCodes.attempts })
  if (!counted.length) return invalid()
  const expected = await secretHash(ctx, 'otp', email, otp)
  if (!safeEqual(expected, row.secretHash)) return invalid()
  const consumed = await scope
    .update(signinCodes, { consumedAt: new Date(now) }, and(eq(signinCodes.id, row.id), isNull(signinCodes.consumedAt)))
    .returning({ id: signinCodes.id })
  if (!consumed.length) return codeRetry('invalid_code', INVALID_CODE, browserToken)
  await clearSigninFailures(deps, account)
  // A right code is not suspicious: its check gives its count back (completeSignin gives the start's).
  await giveBackClient(deps, checkCount)
  const participant = await completeSignin(ctx, row)
  return {
    kind: 'signed_in',
    participant,
    response: {
      ok: true,
      participant: toSigninParticipant(participant),
      otp_logged: true,
      sign_type: 'OTP',
      browser_token: browserToken,
      message: 'You are signed in.',
    },
  }
}

const magicLinkUrl = (origin: string, program: Pick<ProgramRow, 'publicKey'>, token: string) =>
  `${origin}/signin/magic?token=${encodeURIComponent(token)}${program.publicKey ? `&program=${encodeURIComponent(program.publicKey)}` : ''}`

/**
 * A sign-in link for one participant that an admin hands over (console "get magic link"): the same
 * link the sign-in e-mail carries, on the program's configured origin (never the request's), single
 * use, valid 20 minutes, consumed only by the confirm page's POST. Codes the participant asked for
 * themselves stay valid.
 */
export async function createParticipantMagicLink(
  ctx: Pick<SigninContext, 'scope' | 'program' | 'deps' | 'origin'>,
  participant: { id: number; email: string },
): Promise<{ url: string; expiresAt: Date }> {
  const now = ctx.deps.clock.now()
  const token = randomToken(32)
  const expiresAt = new Date(now + MAGIC_LINK_TTL_MS)
  await ctx.scope.insert(signinCodes, {
    email: participant.email,
    participantId: participant.id,
    kind: 'magic_link',
    secretHash: await secretHash(ctx as SigninContext, 'ml', '', token),
    expiresAt,
    createdAt: new Date(now),
  })
  return { url: magicLinkUrl(ctx.origin, ctx.program, token), expiresAt }
}

/** Consumes a magic link (POST of the confirm page only); single use, 20 minutes. */
export async function consumeMagicLink(ctx: SigninContext, token: string): Promise<{ participant: ParticipantRow; redirectTo: string | null }> {
  const { scope, deps } = ctx
  const now = deps.clock.now()
  const hash = await secretHash(ctx, 'ml', '', token)
  const row = await scope.first(signinCodes, and(eq(signinCodes.secretHash, hash), eq(signinCodes.kind, 'magic_link')))
  const bad = () => new AppError('link_invalid', 401, 'This login link is invalid, used or expired. Please request a new one.')
  if (!row || row.consumedAt || row.supersededAt || row.expiresAt.getTime() <= now) throw bad()
  const consumed = await scope
    .update(signinCodes, { consumedAt: new Date(now) }, and(eq(signinCodes.id, row.id), isNull(signinCodes.consumedAt), gt(signinCodes.expiresAt, new Date(now))))
    .returning({ id: signinCodes.id })
  if (!consumed.length) throw bad()
  return { participant: await completeSignin(ctx, row), redirectTo: row.redirectTo }
}

export const HANDOFF_TTL_MS = 2 * 60 * 1000

/**
 * After a confirmed link of an embedded sign-in: a one-time secret (2 minutes) the page it returns to
 * exchanges for a token session (POST /public/signin/handoff). The session token itself never travels
 * in a URL.
 */
export async function createHandoff(ctx: Pick<SigninContext, 'scope' | 'program' | 'deps'>, participant: ParticipantRow): Promise<string> {
  const now = ctx.deps.clock.now()
  const secret = randomToken(32)
  await ctx.scope.insert(signinCodes, {
    email: participant.email,
    participantId: participant.id,
    kind: 'handoff',
    secretHash: await hmac(ctx.deps.config.secret, `ho:${ctx.program.id}:${secret}`),
    expiresAt: new Date(now + HANDOFF_TTL_MS),
    createdAt: new Date(now),
  })
  return secret
}

/** Uses a handoff once, within 2 minutes; answers the participant it signs in. */
export async function consumeHandoff(ctx: Pick<SigninContext, 'scope' | 'program' | 'deps'>, secret: string): Promise<ParticipantRow> {
  const { scope, deps } = ctx
  const now = deps.clock.now()
  const hash = await hmac(deps.config.secret, `ho:${ctx.program.id}:${secret}`)
  const bad = () => new AppError('link_invalid', 401, 'This sign-in has expired or was used already. Please sign in again.')
  const consumed = await scope
    .update(signinCodes, { consumedAt: new Date(now) }, and(eq(signinCodes.secretHash, hash), eq(signinCodes.kind, 'handoff'), isNull(signinCodes.consumedAt), gt(signinCodes.expiresAt, new Date(now))))
    .returning({ participantId: signinCodes.participantId })
  const participantId = consumed[0]?.participantId
  if (!participantId) throw bad()
  const participant = await scope.first(participants, eq(participants.id, participantId))
  if (!participant || participant.status === 'blocked') throw bad()
  return participant
}

/** Looks a magic link up without consuming it (the GET confirm page). */
export async function peekMagicLink(ctx: SigninContext, token: string) {
  const hash = await secretHash(ctx, 'ml', '', token)
  const row = await ctx.scope.first(signinCodes, and(eq(signinCodes.secretHash, hash), eq(signinCodes.kind, 'magic_link')))
  const usable = Boolean(row && !row.consumedAt && !row.supersededAt && row.expiresAt.getTime() > ctx.deps.clock.now())
  return { usable, email: row?.email ?? null }
}

/**
 * The e-mail is proven: create the participant on first sign-up (with their profile postal code and a
 * pending referral), credit the sign-up challenge once, and record the sign-in.
 */
async function completeSignin(ctx: SigninContext, code: typeof signinCodes.$inferSelect): Promise<ParticipantRow> {
  const { scope, deps } = ctx
  // The start that mailed this code proved honest: its address gets the count back.
  await giveBackClient(deps, startCountOf(code.ipHash))
  const now = new Date(deps.clock.now())
  let participant = await scope.first(participants, eq(participants.email, code.email))
  if (!participant) {
    const signup = code.signupData
    if (!signup) throw new AppError('invalid_code', 401, 'Invalid code. Please check the code and try again.')
    const inserted = await scope
      .insert(participants, {
        email: code.email,
        firstName: signup.first_name,
        lastName: signup.last_name,
        referralCode: randomToken(6).replace(/[-_]/g, 'x').toUpperCase().slice(0, 8),
        emailVerifiedAt: now,
        status: 'active',
      })
      .onConflictDoNothing()
      .returning()
    participant = inserted[0] ?? (await scope.first(participants, eq(participants.email, code.email)))
    if (!participant) throw new AppError('internal_error', 500, 'Could not create the participant')
    if (inserted[0]) await recordSignup(scope, deps, participant, signup, ctx.program.enrollment.requires_referral_review, code)
  }
  const updated = await scope
    .update(
      participants,
      {
        signInCount: participant.signInCount + 1,
        lastSignInAt: now,
        emailVerifiedAt: participant.emailVerifiedAt ?? now,
      },
      eq(participants.id, participant.id),
    )
    .returning()
  return updated[0] ?? participant
}

/**
 * A new participant's sign-up, in one batch: `participant.created`, profile, referral, the sign-up
 * challenge's points (and their `points.changed`); e-mail and identity token alike (`source`).
 */
export async function recordSignup(
  scope: ProgramScope,
  deps: Deps,
  participant: ParticipantRow,
  signup: SignupData,
  requiresReferralReview: boolean,
  origin: Pick<typeof signinCodes.$inferSelect, 'ipHash' | 'browserTokenHash'>,
  source: ParticipantSource = 'signup',
) {
  const deliveries = await eventDeliveries(deps, scope.programId, ['participant.created', 'points.changed'])
  /** Slots of the events a webhook takes: dispatched after the batch. */
  const dispatch: number[] = []
  // The participant joined: announced in the batch that records the sign-up, once (keyed by the participant).
  const writes: BatchStatement[] = [participantCreatedInsert(deps.db, scope.programId, participant, { source }, deliveries['participant.created'])]
  if (deliveries['participant.created'].subscribed) dispatch.push(0)
  let referralHeld = requiresReferralReview
  if (signup.postal) {
    writes.push(scope.insert(participantProfileAttributes, { participantId: participant.id, name: 'postal', value: signup.postal }))
  }
  if (signup.referral_code) {
    const referrer = await scope.first(participants, eq(participants.referralCode, signup.referral_code.toUpperCase()))
    // Unknown codes and self-referrals are ignored, never an error.
    if (referrer && referrer.id !== participant.id) {
      // The referrer's own other address, a throwaway domain, or the referrer's browser or network: held for review.
      const holdReason = await referralHoldReason(scope, deps, {
        referrer,
        referredEmail: participant.email,
        ipHash: origin.ipHash,
        browserTokenHash: origin.browserTokenHash,
        now: deps.clock.now(),
      })
      if (holdReason) referralHeld = true
      writes.push(scope.insert(referrals, { referrerId: referrer.id, referredParticipantId: participant.id, holdReason }).onConflictDoNothing())
      writes.push(scope.update(participants, { referredById: referrer.id }, eq(participants.id, participant.id)))
    }
  }
  const signupChallenge = await scope.first(challenges, and(eq(challenges.challengeType, 'signup'), eq(challenges.status, 'active')))
  if (signupChallenge) {
    writes.push(scope.insert(challengeCompletions, { challengeId: signupChallenge.id, participantId: participant.id, periodKey: 'once', points: signupChallenge.points }).onConflictDoNothing())
    const [ledger, announce] = ledgerWrite(
      scope,
      { participantId: participant.id, delta: signupChallenge.points, kind: 'earn', source: 'signup', sourceId: signupChallenge.id, title: signupChallenge.name, idempotencyKey: `signup:${participant.id}` },
      deliveries['points.changed'],
    )
    writes.push(ledger)
    const at = writes.push(announce) - 1
    if (deliveries['points.changed'].subscribed) dispatch.push(at)
    writes.push(scope.update(participants, { completedChallenges: 1 }, eq(participants.id, participant.id)))
  }
  writes.push(
    scope.insert(participantActions, {
      participantId: participant.id,
      actionType: 'signup',
      title: 'Joined the program',
      points: signupChallenge?.points ?? 0,
      actionableType: signupChallenge ? 'Challenge' : null,
      actionableId: signupChallenge?.id ?? null,
    }),
  )
  dispatchOutboxLater(deps, outboxIdsFrom((await batch(deps.db, writes)) as unknown[], dispatch))
  // The e-mail is proven at this point: approve the referral unless the program reviews them or it is held.
  if (signup.referral_code && !referralHeld) {
    const pending = await scope.first(referrals, and(eq(referrals.referredParticipantId, participant.id), eq(referrals.status, 'pending')))
    if (pending) await approveReferral(scope, deps, pending.id)
  }
}

/** j***e@example.com */
export function maskEmail(email: string): string {
  const [user = '', domain = ''] = email.split('@')
  const masked = user.length <= 2 ? `${user[0] ?? ''}*` : `${user[0]}${'*'.repeat(Math.min(user.length - 2, 5))}${user[user.length - 1]}`
  return `${masked}@${domain}`
}
