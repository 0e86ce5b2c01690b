import { adminClient } from '../../../lib/api-client'

/** Step 1 of code sign-in: e-mails a code to a known admin and answers the browser token to verify with. */
export async function startCodeSignIn(email: string): Promise<string> {
  const res = await adminClient().auth.start(email)
  return res.data.browser_token
}

/** Step 2: on success the server has set the session cookie. */
export function verifyCode(otp: string, browserToken: string) {
  return adminClient().auth.verify(otp, browserToken)
}

/** The e-mail-entry variant: e-mails a single-use sign-in link. */
export function requestSignInLink(email: string) {
  return adminClient().auth.signIn(email)
}
