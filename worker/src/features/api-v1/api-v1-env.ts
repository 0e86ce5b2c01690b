import type { AppEnv } from '../../env'
import type { RateDecision } from '../../lib/token-bucket'
import type { VerifiedApiKey } from '../integrations/api-keys'
import type { RequestKey } from './api-v1-key'

/** The app's context plus what the `/api/v1` middleware sets: the verified key and its Idempotency-Key. */
export type ApiV1Env = {
  Variables: AppEnv['Variables'] & {
    /** The request's key as last confirmed (the request log's program and key); unset on a refusal. */
    apiKey: VerifiedApiKey | undefined
    /** The request's key and its check (api-v1-key.ts): kept or verified, confirmed by a statement or not yet. */
    requestKey: RequestKey | undefined
    idempotencyKey: string | undefined
    /** The key's rate limit as this request left it (the RateLimit-* headers). */
    rateLimit: RateDecision | undefined
  }
}
