import type { ConsoleRewardSelection, ConsoleRewardStatus } from '../../../../../sdk/contract/console/rewards'
import type { MessageKey } from '../../../lib/i18n'
import { useI18n } from '../../../lib/i18n'

export const SELECTION_LABELS: Record<ConsoleRewardSelection, MessageKey> = {
  achievement: 'rewards.selection.achievement',
  milestone: 'rewards.selection.milestone',
  sweepstake: 'rewards.selection.sweepstake',
  'mini-contest': 'rewards.selection.mini-contest',
  redeem: 'rewards.selection.redeem',
  offer: 'rewards.selection.offer',
  other: 'rewards.selection.other',
}

export const STATUS_LABELS: Record<ConsoleRewardStatus, MessageKey> = {
  draft: 'rewards.status.draft',
  active: 'rewards.status.active',
  ended: 'rewards.status.ended',
  scheduled: 'rewards.status.scheduled',
}

const TONES: Record<ConsoleRewardStatus, string> = { active: 'badge-success', scheduled: 'badge-accent', ended: 'badge-muted', draft: 'badge-muted' }

export function RewardStatusBadge({ status }: { status: ConsoleRewardStatus }) {
  const { t } = useI18n()
  return <span className={`badge ${TONES[status]}`}>{t(STATUS_LABELS[status])}</span>
}

/** The reward's image, or a neutral placeholder with the same size. */
export function RewardImage({ url, name, size = 40 }: { url: string | null; name: string; size?: number }) {
  const { t } = useI18n()
  if (!url) return <span className="reward-image reward-image-empty" style={{ width: size, height: size }} role="img" aria-label={t('rewards.noImage')} />
  return <img className="reward-image" src={url} alt={name} width={size} height={size} loading="lazy" />
}
