import type { AppEnv } from '../../env'
import type { RateDecision } from '../../lib/token-bucket'
import type { VerifiedApiKey } from '../integrations/api-keys'

/** The app's context plus what the `/api/v1` middleware sets: the verified key and its Idempotency-Key. */
export type ApiV1Env = {
  Variables: AppEnv['Variables'] & {
    apiKey: VerifiedApiKey | undefined
    idempotencyKey: string | undefined
    /** The key's rate limit as this request left it (the RateLimit-* headers). */
    rateLimit: RateDecision | undefined
  }
}
