import * as z from 'zod'

/** Form values arrive as strings ("1", "true", "on"); JSON clients send booleans. */
export const formBoolean = z
  .union([z.boolean(), z.string()])
  .transform((v) => (typeof v === 'boolean' ? v : ['1', 'true', 'on', 'yes'].includes(v.toLowerCase())))

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined))

export const authTypes = ['otp', 'magic_link'] as const
export type AuthType = (typeof authTypes)[number]

/**
 * POST /public/signin/verify. One call drives every sign-in step (participant-site.md sections 4, 7):
 * e-mail only (sign in), e-mail + names + terms (sign up), e-mail + otp + browser_token (verify code).
 */
export const signinVerifyRequestSchema = z.object({
  email: z.string().trim().toLowerCase().email('Invalid email').max(254),
  auth_type: z.enum(authTypes).optional(),
  first_name: optionalText(80),
  last_name: optionalText(80),
  postal: optionalText(20),
  agree_terms: formBoolean.optional(),
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'must be the 6-digit code')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  referral_code: optionalText(64),
  browser_token: optionalText(128),
  redirect_to: optionalText(2048),
  /**
   * Embedded widgets of magic-link programs: the absolute URL of the partner page the sign-in started
   * on. The confirmed link returns there (validated against the program's domain list) and the widget
   * picks the session up (docs/embedding.md, "Magic links in elements").
   */
  return_to: optionalText(2048),
  /** Turnstile response, required before sign-up when the program has a site key. */
  'cf-turnstile-response': optionalText(4096),
})
export type SigninVerifyRequest = z.input<typeof signinVerifyRequestSchema>

/** sign_type tells the client which step answered: OTP failures toast, others move to sign-up. */
export const signTypes = ['OTP', 'MAGIC_LINK', 'SIGN_UP'] as const
export type SignType = (typeof signTypes)[number]

export const signinParticipantSchema = z.object({
  id: z.number().int().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
})
export type SigninParticipant = z.infer<typeof signinParticipantSchema>

/**
 * Steps of the flow that are answers, not failures (200): a wrong or expired code is a field error
 * of the code step; throttling and lockouts stay 429 errors.
 */
export const signinRetryCodes = ['invalid_code', 'code_expired'] as const
export type SigninRetryCode = (typeof signinRetryCodes)[number]

export const signinVerifyResponseSchema = z.object({
  /** false only for a retry answer (`error` says which field to fix). */
  ok: z.boolean(),
  participant: signinParticipantSchema.nullable(),
  otp_logged: z.boolean(),
  sign_type: z.enum(signTypes).nullable(),
  browser_token: z.string().nullable(),
  message: z.string(),
  /** Only for token clients that sent `X-Tessera-Session: token`; such clients get no cookie. */
  session_token: z.string().optional(),
  /**
   * sign_type SIGN_UP without a participant: the e-mail is new and the next step is sign-up. With
   * redirect_url the program enrolls on its own page instead.
   */
  redirect_url: z.string().optional(),
  /** A retry answer: the code was wrong or expired; `fields.otp` is the message shown at the field. */
  error: z
    .object({ code: z.enum(signinRetryCodes), message: z.string(), fields: z.record(z.string(), z.string()) })
    .optional(),
})

/** POST /public/signin/handoff: the one-time handoff a confirmed magic link returned to a partner page. */
export const handoffRequestSchema = z.object({ handoff: z.string().min(20, 'is required').max(200) })
export type SigninVerifyResponse = z.infer<typeof signinVerifyResponseSchema>

/** POST /public/signin/identity: a partner-signed identity token (docs/embedding.md). */
export const identityRequestSchema = z.object({ identity_token: z.string().min(20, 'is required').max(4096) })

export const csrfResponseSchema = z.object({ csrf_token: z.string() })

export { CSRF_HEADER, PROGRAM_KEY_HEADER, SESSION_MODE_HEADER } from './paths'

// ---- Admin console (admin-console-part-a.md section 7, Auth) ----

export const adminAuthStartRequestSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().min(1, 'Email is required').email('Please enter your email'),
})
export const adminAuthStartResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ browser_token: z.string() }),
})
export const adminAuthVerifyRequestSchema = z.object({
  otp: z.string({ error: 'OTP is required' }).trim().min(1, 'OTP is required').regex(/^\d{6}$/, 'Please enter your OTP'),
  browser_token: z.string().min(1, 'browser_token is required').max(128),
})
export const adminAuthVerifyResponseSchema = z.object({
  success: z.literal(true),
  redirect_to: z.string(),
})
export const adminSignInRequestSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().min(1, 'Email is required').email('Please enter your email'),
})
export const adminSignInResponseSchema = z.object({ success: z.literal(true), message: z.string() })

export { adminAuthRoutes, authRoutes as routes } from './paths'
