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
 * the dimmed `backdrop` (the app passes the home page). Signed-out visitors sign in first and come back here.
 * A claim leaves the modal open on the earned card (as the <tessera-reward> element does); closing
 * it, with Close, Escape or the backdrop, goes home.
 */
export function RewardPage({ id, backdrop }: { id: string; backdrop: ComponentChildren }) {
  const { session } = useSite()
  const { pathname, search } = currentUrl.value
  if (!session.signedIn.value)
    return <Redirect to={`/signin?redirect_to=${encodeURIComponent(pathname + search)}`} />
  const rewardId = /^\d{1,12}$/.test(id) ? Number(id) : 0
  return (
    <>
      {backdrop}
      {rewardId > 0 ? <RewardModal key={rewardId} id={rewardId} /> : <Redirect to="/" />}
    </>
  )
}

const close = () => navigate('/')

function RewardModal({ id }: { id: number }) {
  const { client, program } = useSite()
  const [state, reload, setReward] = useLoad(() => client.rewards.retrieve(id), id)
  const leaving = useRef(false)

  // A missing reward or a failed fetch goes home (section 8).
  useEffect(() => {
    if (state.status !== 'error' || leaving.current) return
    leaving.current = true
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
        <RewardCard reward={state.data} onChange={setReward} reload={() => reload(true)} />
      )}
    </Modal>
  )
}
