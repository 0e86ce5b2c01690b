import { useEffect } from 'preact/hooks'
import { navigate } from '../router'

/** Replaces the current history entry with another route (signed-out visitors on private pages). */
export function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to])
  return null
}
