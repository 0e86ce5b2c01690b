import { eq } from 'drizzle-orm'
import * as z from 'zod'
import { identityTokenUses, participants } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import type { ParticipantRow, ProgramRow } from '../../env'
import { base64url, hmac, randomToken, safeEqual } from '../../lib/crypto'
import { AppError } from '../../lib/errors'
import { recordSignup } from './participant-signin'

/** The longest an identity token may live (exp - iat). */
export const MAX_IDENTITY_TOKEN_SECONDS = 600

const payloadSchema = z.object({
  email: z.string().trim().toLowerCase().email('Invalid email'),
  first_name: z.string().trim().max(80).optional(),
  last_name: z.string().trim().max(80).optional(),
  iat: z.number().int(),
  exp: z.number().int(),
  jti: z.string().min(8).max(128),
})
export type IdentityPayload = z.infer<typeof payloadSchema>

/** Messages in words, for the partner developer reading the console: "The identity token has expired". */
const invalid = (why: string) => new AppError('unauthenticated', 401, `The identity token ${why}`, { identity_token: why })

function decodeBase64url(s: string): string {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/')
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4))
  return new TextDecoder().decode(Uint8Array.from(bin, (ch) => ch.charCodeAt(0)))
}

/**
 * Signs an identity token the way a partner's server does (docs/embedding.md):
 * `v1.{base64url(JSON payload)}.{base64url(HMAC-SHA256(secret, "v1." + payload part))}`.
 */
export async function signIdentityToken(secret: string, payload: IdentityPayload): Promise<string> {
  const body = base64url(new TextEncoder().encode(JSON.stringify(payload)))
  return `v1.${body}.${await hmac(secret, `v1.${body}`)}`
}

/**
 * Exchanges a partner-signed identity token for a participant session: signature by the program's
 * partner secret, at most 10 minutes of life, unexpired, and each token (jti) used once. The partner
 * vouches for the e-mail, so a new participant is created verified.
 */
export async function exchangeIdentityToken(scope: ProgramScope, deps: Deps, program: ProgramRow, token: string): Promise<ParticipantRow> {
  if (!program.partnerIdentitySecret) throw new AppError('forbidden', 403, 'This program does not accept partner identity tokens: set its identity secret first')
  const [version, body, signature] = token.split('.')
  if (version !== 'v1' || !body || !signature) throw invalid('is not a Tessera identity token')
  if (!safeEqual(signature, await hmac(program.partnerIdentitySecret, `v1.${body}`))) throw invalid('has a bad signature')
  let payload: IdentityPayload
  try {
    payload = payloadSchema.parse(JSON.parse(decodeBase64url(body)))
  } catch {
    throw invalid('has an unreadable payload')
  }
  const now = Math.floor(deps.clock.now() / 1000)
  if (payload.exp <= now) throw invalid('has expired')
  if (payload.exp - payload.iat > MAX_IDENTITY_TOKEN_SECONDS || payload.iat > now + 60) throw invalid('lives too long or starts in the future')
  const used = await scope
    .insert(identityTokenUses, { jti: payload.jti, expiresAt: new Date(payload.exp * 1000) })
    .onConflictDoNothing()
    .returning({ id: identityTokenUses.id })
  if (!used.length) throw invalid('was used already')
  const existing = await scope.first(participants, eq(participants.email, payload.email))
  if (existing) return existing
  const firstName = payload.first_name || payload.email.split('@')[0]!
  const lastName = payload.last_name ?? ''
  const [created] = await scope
    .insert(participants, {
      email: payload.email,
      firstName,
      lastName,
      referralCode: randomToken(6).replace(/[-_]/g, 'x').toUpperCase().slice(0, 8),
      emailVerifiedAt: new Date(deps.clock.now()),
      status: 'active',
    })
    .onConflictDoNothing()
    .returning()
  if (!created) return (await scope.first(participants, eq(participants.email, payload.email)))!
  // A participant the partner vouches for joined the program: the same sign-up (bonus, participant.created) as an e-mail sign-up.
  await recordSignup(
    scope,
    deps,
    created,
    { first_name: firstName, last_name: lastName },
    program.enrollment.requires_referral_review,
    { ipHash: null, browserTokenHash: null },
    'identity_token',
  )
  return (await scope.first(participants, eq(participants.id, created.id))) ?? created
}
