import * as z from 'zod'
import { pageMetaSchema } from './participants'
import { API_V1_RATE_LIMIT } from '../api-v1'

/**
 * The console's integrations settings (admin-console-part-b.md sections 2, 3, 5 and 7: settings/
 * integrations social-network-pages, offers-reward, photo-contests, aptos, api_auths, webhooks).
 * Writes answer `{ success, errors, data? }`, and 422 with one message per field.
 */

const whole = (fallback: number) => z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').default(fallback)
const bool = (label: string) => z.boolean({ error: `${label} must be true or false` }).meta({ label })

/** A list page: page, per_page and (webhooks) a URL search. */
export const integrationListQuerySchema = z.object({
  page: whole(1).pipe(z.number().min(1, 'must be 1 or more')),
  per_page: whole(20).pipe(z.number().min(10, 'must be between 10 and 50').max(50, 'must be between 10 and 50')),
  q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
})
export type IntegrationListQuery = z.input<typeof integrationListQuerySchema>

const httpUrl = (label: string, max = 500) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must not be longer than ${max} characters`)
    .refine((v) => {
      try {
        const u = new URL(v)
        return (u.protocol === 'https:' || u.protocol === 'http:') && Boolean(u.hostname) && !u.username && !u.password
      } catch {
        return false
      }
    }, `${label} must be a valid URL`)
    .meta({ label })

// ---------------------------------------------------------------------------------------------------
// Social network pages

export const socialPlatforms = ['instagram', 'facebook'] as const
export type SocialPlatform = (typeof socialPlatforms)[number]

/** POST .../social_network_pages: url and platform required; platform instagram or facebook (https only). */
export const socialNetworkPageWriteSchema = z.object({
  url: httpUrl('URL').refine((v) => v.toLowerCase().startsWith('https://'), 'URL must start with https://'),
  platform: z.enum(socialPlatforms, { error: 'Platform must be instagram or facebook' }).meta({
    label: 'Platform',
    options: [
      { value: 'instagram', label: 'Instagram' },
      { value: 'facebook', label: 'Facebook' },
    ],
  }),
})
export type SocialNetworkPageWrite = z.input<typeof socialNetworkPageWriteSchema>

export const socialNetworkPageSchema = z.object({ id: z.number(), url: z.string(), platform: z.enum(socialPlatforms), created_at: z.string() })
export type SocialNetworkPage = z.infer<typeof socialNetworkPageSchema>
export const socialNetworkPageListSchema = z.object({ data: z.array(socialNetworkPageSchema) })
export type SocialNetworkPageList = z.infer<typeof socialNetworkPageListSchema>

// ---------------------------------------------------------------------------------------------------
// Offers reward and photo contest

export const MERCHANTS_REGEX_MAX = 200

/**
 * The merchants regex: bounded and compiling as a JavaScript pattern here; the worker also refuses
 * patterns that can backtrack catastrophically (nested quantifiers), which zod alone cannot see.
 */
export const merchantsRegexSchema = z
  .string({ error: 'Merchants regex is required' })
  .trim()
  .min(1, 'Merchants regex is required')
  .max(MERCHANTS_REGEX_MAX, `Merchants regex must not be longer than ${MERCHANTS_REGEX_MAX} characters`)
  .refine((v) => {
    try {
      new RegExp(v)
      return true
    } catch {
      return false
    }
  }, 'Merchants regex is not a valid regular expression')
  .meta({ label: 'Merchants regex' })

/** PATCH .../offers_reward: active, redirect and merchants regex required. */
export const offersRewardWriteSchema = z.object({
  active: bool('Active'),
  redirect_magic_link: bool('Redirect magic link'),
  merchants_regex: merchantsRegexSchema,
})
export type OffersRewardWrite = z.input<typeof offersRewardWriteSchema>
export const offersRewardSettingsSchema = z.object({ active: z.boolean(), redirect_magic_link: z.boolean(), merchants_regex: z.string().nullable() })
export type OffersRewardSettings = z.infer<typeof offersRewardSettingsSchema>

/** PATCH .../photo_contest: active and the program id on the external service required. */
export const photoContestWriteSchema = z.object({
  active: bool('Active'),
  qrati_program_id: z
    .string({ error: 'External program id is required' })
    .trim()
    .min(1, 'External program id is required')
    .max(100, 'External program id must not be longer than 100 characters')
    .regex(/^[A-Za-z0-9._:-]+$/, 'External program id may only contain letters, digits, dots, colons, hyphens and underscores')
    .meta({ label: 'External program id' }),
})
export type PhotoContestWrite = z.input<typeof photoContestWriteSchema>
export const photoContestSettingsSchema = z.object({ active: z.boolean(), qrati_program_id: z.string().nullable() })
export type PhotoContestSettings = z.infer<typeof photoContestSettingsSchema>

// ---------------------------------------------------------------------------------------------------
// Aptos (the chain integration of the collectibles)

export const aptosNetworks = ['testnet', 'mainnet'] as const
export type AptosNetwork = (typeof aptosNetworks)[number]

/**
 * PATCH .../aptos: enabled and network required. Choosing mainnet locks the network for good, so the
 * first switch to it must say so (confirm_mainnet); the wallet address is never written from here.
 */
export const aptosWriteSchema = z.object({
  enabled: bool('Enabled'),
  network: z.enum(aptosNetworks, { error: 'Network must be mainnet or testnet' }).meta({ label: 'Network' }),
  confirm_mainnet: z.boolean({ error: 'Confirm mainnet must be true or false' }).default(false).meta({ label: 'Lock the network to mainnet' }),
})
export type AptosWrite = z.input<typeof aptosWriteSchema>
export const aptosSettingsSchema = z.object({
  id: z.number().nullable(),
  enabled: z.boolean(),
  network: z.enum(aptosNetworks),
  wallet_address: z.string().nullable(),
  /** Mainnet was chosen: the network can no longer change. */
  locked: z.boolean(),
})
export type AptosSettings = z.infer<typeof aptosSettingsSchema>

// ---------------------------------------------------------------------------------------------------
// API keys (api_auths)

/** `tsk_` + 43 base62 characters (256 random bits). */
export const API_KEY_PATTERN = /^tsk_[0-9A-Za-z]{43}$/
/** What the list shows of a key: `tsk_` and its first 8 characters. */
export const API_KEY_PREFIX_LENGTH = 12
export const API_KEY_MAX_DAYS = 5 * 366

/** A key's requests a second (API_V1_RATE_LIMIT): one rule for creating a key and for editing its rate. */
const apiKeyRateLimit = z.coerce
  .number({ error: 'Rate limit must be a number' })
  .int('Rate limit must be a whole number')
  .min(API_V1_RATE_LIMIT.min, `Rate limit must be at least ${API_V1_RATE_LIMIT.min}`)
  .max(API_V1_RATE_LIMIT.max, `Rate limit must be at most ${API_V1_RATE_LIMIT.max}`)

/** POST .../api_auths: a name and an expiry date (YYYY-MM-DD, the key works through that day, UTC). */
export const apiKeyCreateSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must not be longer than 100 characters').meta({ label: 'Name' }),
  expires_at: z.iso.date({ error: 'Expires at must be a date (YYYY-MM-DD)' }).meta({ label: 'Expires at' }),
  rate_limit: apiKeyRateLimit.default(API_V1_RATE_LIMIT.perSecond).meta({ label: 'Requests per second' }),
})
export type ApiKeyCreate = z.input<typeof apiKeyCreateSchema>

/** PATCH .../api_auths/{id}: a new rate for a key that is not revoked, applied from its next request. */
export const apiKeyUpdateSchema = z.object({
  rate_limit: apiKeyRateLimit.meta({ label: 'Requests per second' }),
})
export type ApiKeyUpdate = z.input<typeof apiKeyUpdateSchema>

export const apiKeyStatuses = ['active', 'expired', 'revoked'] as const
export type ApiKeyStatus = (typeof apiKeyStatuses)[number]

/** A key as the list shows it: never the key, only its prefix. */
export const apiKeyRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  status: z.enum(apiKeyStatuses),
  /** Requests a second this key may make (API_V1_RATE_LIMIT). */
  rate_limit: z.number(),
})
export type ApiKeyRow = z.infer<typeof apiKeyRowSchema>
export const apiKeyListSchema = z.object({ data: z.array(apiKeyRowSchema), meta: pageMetaSchema })
export type ApiKeyList = z.infer<typeof apiKeyListSchema>

/** The answer of a create: the only time `api_key` is ever sent. */
export const apiKeyCreatedSchema = z.object({
  success: z.literal(true),
  errors: z.object({}),
  data: apiKeyRowSchema.extend({ api_key: z.string() }),
})
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>

/** The answer of PATCH .../api_auths/{id}: the key as the list shows it, with its new rate. */
export const apiKeyUpdatedSchema = z.object({ success: z.literal(true), errors: z.object({}), data: apiKeyRowSchema })
export type ApiKeyUpdated = z.infer<typeof apiKeyUpdatedSchema>

/** GET .../api_auths/{id}/requests: one server API call made with the key, newest first. */
export const apiKeyRequestSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  method: z.string(),
  /** The matched route pattern (`/api/v1/participants/:id`), never the ids in it. */
  route: z.string(),
  status: z.number(),
  request_id: z.string(),
})
export type ApiKeyRequest = z.infer<typeof apiKeyRequestSchema>
/** The calls, and how many days the log keeps them (the program's retention window: Settings > Data retention). */
export const apiKeyRequestListSchema = z.object({ data: z.array(apiKeyRequestSchema), meta: pageMetaSchema, retention_days: z.number() })
export type ApiKeyRequestList = z.infer<typeof apiKeyRequestListSchema>

// ---------------------------------------------------------------------------------------------------
// Webhooks

/** The events the product emits (worker/src/db/schema/integrations.ts webhookEvents; a test keeps them equal). */
export const webhookEventNames = [
  'participant.created',
  'participant.updated',
  'challenge.completed',
  'reward.claimed',
  'points.changed',
  'referral.approved',
  'receipt.processed',
  'payment.completed',
  'participant.erased',
] as const
export type WebhookEventName = (typeof webhookEventNames)[number]

/**
 * New and edit: the URL (https; the worker allows http://localhost outside production), at least one
 * event, and whether it is active.
 */
export const webhookWriteSchema = z.object({
  url: httpUrl('URL', 2000),
  events: z
    .array(z.enum(webhookEventNames, { error: 'Events must be events the product sends' }), { error: 'Choose at least one event' })
    .min(1, 'Choose at least one event')
    .max(webhookEventNames.length, 'Events must be events the product sends')
    .refine((list) => new Set(list).size === list.length, 'Each event may be chosen once')
    .meta({ label: 'Events' }),
  active: bool('Active').default(true),
})
export type WebhookWrite = z.input<typeof webhookWriteSchema>

export const webhookRowSchema = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  /** When delivery turned the webhook off after repeated failures (null: it did not). */
  disabled_at: z.string().nullable(),
  /** Automatic attempts that failed in a row. */
  consecutive_failures: z.number(),
  created_at: z.string(),
})
export type WebhookRow = z.infer<typeof webhookRowSchema>
export const webhookListSchema = z.object({ data: z.array(webhookRowSchema), meta: pageMetaSchema })
export type WebhookList = z.infer<typeof webhookListSchema>

/** The answer of a create: the signing secret, shown this once. */
export const webhookCreatedSchema = z.object({ success: z.literal(true), errors: z.object({}), data: webhookRowSchema.extend({ secret: z.string() }) })
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>

/**
 * One delivery of one event to one webhook (its delivery log): `message_id` is the `webhook-id` header,
 * the same on every attempt and resend; `state` pending (retries scheduled), succeeded or failed.
 */
export const webhookDeliverySchema = z.object({
  id: z.number(),
  event: z.string(),
  message_id: z.string(),
  state: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number(),
  response_status: z.number().nullable(),
  /** The first KB of the last answer. */
  response_body: z.string().nullable(),
  duration_ms: z.number().nullable(),
  /** The JSON body sent (null for deliveries logged before bodies were kept). */
  request_body: z.string().nullable(),
  error: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
})
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>
export const webhookDeliveryListSchema = z.object({ data: z.array(webhookDeliverySchema), meta: pageMetaSchema })
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>
/** Resend, test-send, enable and delete answer `{ success, errors, data? }`. */
export const webhookDeliveryResultSchema = z.object({ success: z.literal(true), errors: z.object({}), data: webhookDeliverySchema })
export type WebhookDeliveryResult = z.infer<typeof webhookDeliveryResultSchema>
