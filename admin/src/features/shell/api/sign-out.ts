import { adminClient } from '../../../lib/api-client'
import { paths } from '../../../lib/paths'

/** DELETE /admin/v2/auth/sign_out, then a full load of the sign-in page (the bootstrap must be rebuilt). */
export async function signOut(): Promise<void> {
  await adminClient().auth.signOut()
  window.location.assign(paths.signIn)
}
