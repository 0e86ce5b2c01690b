import type { ComponentChildren } from 'preact'
import { useEffect, useRef } from 'preact/hooks'
import { Modal } from '../../ui/modal'
import { showToast } from '../../ui/toast'
import { useSite } from '../../widgets/shared/context'
import { Redirect } from '../pages/redirect'
import { currentUrl, navigate } from '../router'
import { useLoad } from '../../widgets/shared/use-load'
import { RewardCard, RewardLoading } from '../../widgets/reward/reward-card'
import './reward-page.css'

/**
 * /reward/{reward_id} (participant-site.md section 2): the reward's card and claim as a modal over
 * the dimmed `backdrop` (the app passes the home page). Signed-out visitors see the card too (issue
 * 13); claiming asks them to sign in, and the sign-in page brings them back here (redirect_to, checked
 * by the shared validator). A reward they may not see (not featured) sends them to sign in as well.
 * A claim leaves the modal open on the earned card (as the <tessera-reward> element does); closing
 * it, with Close, Escape or the backdrop, goes home.
 */
export function RewardPage({ id, backdrop }: { id: string; backdrop: ComponentChildren }) {
  const rewardId = /^\d{1,12}$/.test(id) ? Number(id) : 0
  return (
    <>
      {backdrop}
      {rewardId > 0 ? <RewardModal key={rewardId} id={rewardId} /> : <Redirect to="/" />}
    </>
  )
}

const close = () => navigate('/')

/** The sign-in page, coming back to this page (path and query) afterwards. */
const signinHere = () => {
  const { pathname, search } = currentUrl.value
  return `/signin?redirect_to=${encodeURIComponent(pathname + search)}`
}

function RewardModal({ id }: { id: number }) {
  const { client, program, session } = useSite()
  const signedIn = session.signedIn.value
  // Loaded again on signing in or out: the card is the caller's own (earned, code, balance).
  const [state, reload, setReward] = useLoad(() => client.rewards.retrieve(id), `${id}:${signedIn}`)
  const leaving = useRef(false)

  // A missing reward or a failed fetch goes home (section 8); signed out, it may be members only.
  useEffect(() => {
    if (state.status !== 'error' || leaving.current) return
    leaving.current = true
    if (!signedIn) {
      navigate(signinHere(), { replace: true })
      return
    }
    showToast({ tone: 'error', title: 'Error loading challenge' })
    navigate('/', { replace: true })
  }, [state])

  const name = state.status === 'ready' ? state.data.name : null
  useEffect(() => {
    if (name) document.title = `${name} | ${program.name}`
  }, [name, program.name])

  if (state.status === 'error') return null
  return (
    <Modal open onClose={close} title={name ?? 'Loading, please wait...'} hideTitle class="reward-modal">
      {state.status === 'loading' ? (
        <RewardLoading />
      ) : (
        <RewardCard
          reward={state.data}
          onChange={setReward}
          reload={() => reload(true)}
          onSignin={() => navigate(signinHere())}
        />
      )}
    </Modal>
  )
}
