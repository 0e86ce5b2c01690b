import { formatNumber } from '../../ui/format'
import { Skeleton } from '../../ui/skeleton'
import { useEmbed } from '../mount'
import { InlineSignin } from './signin-lazy'
import { lazy } from '../../ui/lazy'
import './me.css'

/** Shown once signed in: a signed-out page does not download it. */
const SignOutButton = lazy(() => import('./sign-out-button').then((m) => m.SignOutButton))

/** <tessera-signin>: the sign-in flow while signed out, then a short "signed in" card with Sign out. */
export function SigninView() {
  const { runtime, program } = useEmbed()
  const { session } = runtime
  if (!session.signedIn.value) return <InlineSignin />
  const participant = session.participant.value
  return (
    // Focus lands here after signing in (widgets/signin/after-signin.ts), not on <body>.
    <section class="tw-card tw-me" aria-label={`Your ${program.name} account`} tabIndex={-1} data-focus-after-signin>
      {participant ? (
        <div class="tw-me__text">
          <p class="tw-me__hello">Hi, {participant.first_name}!</p>
          <p class="tw-me__points">
            <strong>{formatNumber(participant.unused_points)}</strong> {program.term_points_as || 'points'}{' '}
            available
          </p>
        </div>
      ) : (
        <div class="tw-me__text">
          <Skeleton width={140} height={22} />
          <Skeleton width={180} height={16} />
        </div>
      )}
      <SignOutButton />
    </section>
  )
}
