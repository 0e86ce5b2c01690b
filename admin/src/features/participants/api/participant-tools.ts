import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useRef } from 'react'
import type { ParticipantIntent, ParticipantIntentResponse, ParticipantStatus } from '../../../../../sdk/contract/console/participants'
import { NotFoundError } from '../../../../../sdk/src/errors'
import { newIdempotencyKey } from '../../../../../sdk/src/transport'
import { notify } from '../../../components/ui/toast'
import { adminClient } from '../../../lib/api-client'
import { errorMessage } from '../../../lib/error-message'
import { type MessageKey, useI18n } from '../../../lib/i18n'
import { invalidateProgram } from '../../../lib/query-client'
import { participantKey } from './participant-detail'
import { downloadParticipantData } from './participants-export'

/** The spec's confirmation toasts (section 8), one per tool. */
const DONE: Record<ParticipantIntent, MessageKey> = {
  toggle_tag: 'participants.toast.tagUpdated',
  get_magic_link: 'participants.toast.magicLinkCopied',
  reset_activities: 'participants.toast.activitiesReset',
  update_participant: 'participants.toast.participantUpdated',
  create_action: 'participants.toast.pointsAdded',
  delete_participant: 'participants.toast.participantDeleted',
}

/**
 * The per-participant tools (spec section 2): each call runs one intent, toasts the spec's text, and
 * refreshes what it changed. A participant that no longer exists answers 'Participant not found'
 * and the console goes home (spec section 8). Failures toast the server's message and rethrow, so a
 * dialog can stay open.
 */
export function useParticipantTools(programId: number, participantId: number) {
  const { t } = useI18n()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const client = adminClient().participants
  // One key per "add points" attempt: a retried click of the same dialog adds the points once.
  const pointsKey = useRef(newIdempotencyKey())

  const run = async (intent: ParticipantIntent, call: () => Promise<ParticipantIntentResponse>, after?: (r: ParticipantIntentResponse) => Promise<void> | void) => {
    let result: ParticipantIntentResponse
    try {
      result = await call()
    } catch (error) {
      if (error instanceof NotFoundError) {
        notify.error(t('participants.notFound'))
        void navigate({ to: '/' })
      } else notify.error(t('form.errorTitle'), errorMessage(error, t('error.generic')))
      throw error
    }
    await after?.(result)
    if (result.data.participant) queryClient.setQueryData(participantKey(programId, participantId), result.data.participant)
    void invalidateProgram(queryClient, programId, 'participants')
    notify.success(t(DONE[intent]))
    return result
  }

  return {
    toggleTag: (tag: string) => run('toggle_tag', () => client.toggleTag(programId, participantId, tag)),
    setStatus: (status: ParticipantStatus) => run('update_participant', () => client.update(programId, participantId, { status })),
    setStaff: (staff: boolean) => run('update_participant', () => client.update(programId, participantId, { staff })),
    resetActivities: () => run('reset_activities', () => client.resetActivities(programId, participantId)),
    addPoints: (input: { points: number; action_title: string }) =>
      run('create_action', () => client.addPoints(programId, participantId, input, pointsKey.current), () => {
        pointsKey.current = newIdempotencyKey()
      }),
    copyMagicLink: () =>
      run('get_magic_link', () => client.magicLink(programId, participantId), async (r) => {
        await navigator.clipboard.writeText(r.data.magic_link!.url)
      }),
    exportData: async () => {
      try {
        await downloadParticipantData(programId, participantId)
      } catch (error) {
        notify.error(t('form.errorTitle'), errorMessage(error, t('error.generic')))
        throw error
      }
      notify.success(t('participants.toast.dataExported'))
    },
    remove: () =>
      run('delete_participant', () => client.delete(programId, participantId), () => {
        queryClient.removeQueries({ queryKey: participantKey(programId, participantId) })
        void navigate({ to: '/programs/$programId/users', params: { programId } })
      }),
  }
}
