import { useEffect } from 'preact/hooks'
import { navigate } from '../router'

/**
 * Replaces the current history entry with another route (signed-out visitors on private pages). Until
 * it does, the page's loading band (as tall as the sign-in page it usually goes to): with nothing in the
 * main area the footer rose into view for a frame and went down again (a CLS of 0.097 on a phone).
 */
export function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to])
  return <div class="page-loading" aria-busy="true" />
}
