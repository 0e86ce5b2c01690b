/** The `/api/v1` context type, defined with the key check that reads it (api-v1-key.ts). */
export type { ApiV1Env } from './api-v1-key'
