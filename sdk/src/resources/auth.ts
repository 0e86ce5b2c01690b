import type { SigninVerifyRequest, SigninVerifyResponse } from '../../contract/auth'
import { authRoutes as routes } from '../../contract/paths'
import type { Transport } from '../transport'

/** Participant sign-in: the e-mail code / magic link flow of participant-site.md section 4. */
export class AuthResource {
  constructor(private readonly t: Transport) {}

  /**
   * Runs one sign-in step. With token auth the session token from a successful code is kept by the
   * transport and sent as a bearer token afterwards.
   * @example
   * const sent = await client.auth.verify({ email: 'ana@example.com' })
   * await client.auth.verify({ email: 'ana@example.com', otp: '123456', browser_token: sent.browser_token! })
   */
  async verify(input: SigninVerifyRequest): Promise<SigninVerifyResponse> {
    const res = await this.t.post<SigninVerifyResponse>(routes.signinVerify, { json: input })
    if (res.session_token) this.t.setSessionToken(res.session_token)
    return res
  }

  /** Ends the session (server side) and forgets the token. */
  async signOut(): Promise<void> {
    await this.t.post(routes.signOut)
    this.t.setSessionToken(null)
  }
}
