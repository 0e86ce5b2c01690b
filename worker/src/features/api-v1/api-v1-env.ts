import type { AppEnv } from '../../env'
import type { VerifiedApiKey } from '../integrations/api-keys'

/** The app's context plus what the `/api/v1` middleware sets: the verified key and its Idempotency-Key. */
export type ApiV1Env = {
  Variables: AppEnv['Variables'] & {
    apiKey: VerifiedApiKey | undefined
    idempotencyKey: string | undefined
  }
}
