import { AuthenticationError } from '../../../sdk/src/errors'
import { adminClient } from './api-client'
import { paths } from './paths'

/**
 * DELETE /admin/v2/auth/sign_out, then a full load of the sign-in page (the bootstrap must be
 * rebuilt). A session that already ended elsewhere counts as signed out.
 */
export async function signOut(): Promise<void> {
  try {
    await adminClient().auth.signOut()
  } catch (error) {
    if (!(error instanceof AuthenticationError)) throw error
  }
  window.location.assign(paths.signIn)
}
