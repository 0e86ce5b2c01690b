import { type FormEvent, useState } from 'react'
import { participantStatuses, type ParticipantStatus, tagSchema } from '../../../../../sdk/contract/console/participants'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Checkbox } from '../../../components/ui/checkbox'
import { IconClose, IconPlus } from '../../../components/ui/icons'
import { Input } from '../../../components/ui/input'
import { Select } from '../../../components/ui/select'
import { useI18n } from '../../../lib/i18n'
import type { ParticipantDetail } from '../api/participant-detail'
import { useParticipantTools } from '../api/participant-tools'
import { STATUS_LABELS, StatusBadge } from './status-badge'

type Props = { programId: number; participant: ParticipantDetail; canManage: boolean }

/**
 * The participant's numbers, status, staff flag and tags. Admins who manage users change the status
 * and staff flag in place and add or remove tags (each change toasts the spec's text).
 */
export function ParticipantSummary({ programId, participant: p, canManage }: Props) {
  const { t, tm, formatNumber } = useI18n()
  const tools = useParticipantTools(programId, p.id)
  const [tag, setTag] = useState('')
  const [tagError, setTagError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const act = async (work: () => Promise<unknown>) => {
    setBusy(true)
    try {
      await work()
    } catch {
      // useParticipantTools has toasted it.
    } finally {
      setBusy(false)
    }
  }
  const addTag = (event: FormEvent) => {
    event.preventDefault()
    const parsed = tagSchema.safeParse(tag)
    if (!parsed.success) return setTagError(tm(parsed.error.issues[0]?.message))
    setTagError(undefined)
    if (p.tag_list.includes(parsed.data)) return setTag('')
    void act(async () => {
      await tools.toggleTag(parsed.data)
      setTag('')
    })
  }

  const stats: [string, string][] = [
    [t('participants.col.points'), formatNumber(p.points)],
    [t('participants.col.balance'), formatNumber(p.unused_points)],
    [t('participants.col.challenges'), formatNumber(p.completed_challenges)],
    [t('participants.col.rewards'), formatNumber(p.rewards_earned)],
    [t('participants.col.signIns'), formatNumber(p.sign_in_count)],
    [t('participants.tier'), p.tier?.name ?? '—'],
  ]
  return (
    <Card className="participant-summary">
      <dl className="participant-stats">
        {stats.map(([label, value]) => (
          <div key={label} className="participant-stat">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="participant-controls">
        <div className="participant-control">
          <span className="field-label" aria-hidden="true">
            {t('participants.col.status')}
          </span>
          {canManage ? (
            <Select
              size="sm"
              aria-label={t('participants.col.status')}
              value={p.status}
              disabled={busy}
              onValueChange={(status) => void act(() => tools.setStatus(status as ParticipantStatus))}
              options={participantStatuses.map((s) => ({ value: s, label: t(STATUS_LABELS[s]) }))}
            />
          ) : (
            <StatusBadge status={p.status} />
          )}
        </div>
        <div className="participant-control field-inline">
          <Checkbox id="participant-staff" checked={p.staff} disabled={!canManage || busy} onCheckedChange={(on) => void act(() => tools.setStaff(on === true))} />
          <label className="field-label" htmlFor="participant-staff">
            {t('participants.staffToggle')}
          </label>
        </div>
        <div className="participant-control participant-tag-control">
          <span className="field-label">{t('participants.col.tags')}</span>
          <ul className="participant-tags" aria-label={t('participants.col.tags')}>
            {p.tag_list.length === 0 && <li className="cell-muted">{t('participants.noTags')}</li>}
            {p.tag_list.map((name) => (
              <li key={name} className="badge badge-muted">
                {name}
                {canManage && (
                  <button type="button" className="tag-remove" aria-label={t('participants.removeTag', { tag: name })} disabled={busy} onClick={() => void act(() => tools.toggleTag(name))}>
                    <IconClose size={12} />
                  </button>
                )}
              </li>
            ))}
          </ul>
          {canManage && (
            <form className="participant-tag-form" onSubmit={addTag}>
              <Input value={tag} onChange={(e) => setTag(e.target.value)} placeholder={t('participants.addTag')} aria-label={t('participants.addTag')} aria-invalid={Boolean(tagError)} maxLength={60} />
              <Button type="submit" size="sm" variant="secondary" disabled={busy || !tag.trim()}>
                <IconPlus />
                {t('participants.addTagButton')}
              </Button>
              {tagError && (
                <p className="field-error" role="alert">
                  {tagError}
                </p>
              )}
            </form>
          )}
        </div>
      </div>
    </Card>
  )
}
