import { createAdminClient, type TesseraAdminClient } from '../../../sdk/src/index'

let client: TesseraAdminClient | undefined

/** One console client per page: same-origin cookie session, CSRF header from the meta tag. */
export function adminClient(): TesseraAdminClient {
  client ??= createAdminClient()
  return client
}
