import { zodResolver } from '@hookform/resolvers/zod'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { addPointsSchema } from '../../../../../sdk/contract/console/participants'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Dialog } from '../../../components/ui/dialog'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu'
import { Form, InputField } from '../../../components/ui/form'
import { IconChevronDown } from '../../../components/ui/icons-ui'
import { useI18n } from '../../../lib/i18n'
import type { ParticipantDetail } from '../api/participant-detail'
import { useParticipantTools } from '../api/participant-tools'

type Open = 'points' | 'reset' | 'delete' | null
type PointsValues = z.input<typeof addPointsSchema>

/** The tools of spec section 2 that are not edited in place: magic link, points, attribute, reset, delete; and the participant's data export (docs/privacy.md). */
export function ParticipantToolsMenu({ programId, participant }: { programId: number; participant: ParticipantDetail }) {
  const { t } = useI18n()
  const tools = useParticipantTools(programId, participant.id)
  const [open, setOpen] = useState<Open>(null)
  const swallow = async (work: Promise<unknown>) => {
    await work.catch(() => undefined) // toasted by the tools
  }
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="secondary">
            {t('participants.tools')}
            <IconChevronDown />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem disabled={participant.status === 'blocked'} onSelect={() => void swallow(tools.copyMagicLink())}>
            {t('participants.tool.magicLink')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setOpen('points')}>{t('participants.tool.addPoints')}</DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/programs/$programId/users/$userId/attributes/new" params={{ programId, userId: participant.id }}>
              {t('participants.tool.addAttribute')}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setOpen('reset')}>{t('participants.tool.resetActivities')}</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void swallow(tools.exportData())}>{t('participants.tool.exportData')}</DropdownMenuItem>
          <DropdownMenuItem className="menu-item-danger" onSelect={() => setOpen('delete')}>
            {t('participants.tool.delete')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <AddPointsDialog open={open === 'points'} onOpenChange={(o) => setOpen(o ? 'points' : null)} onSubmit={tools.addPoints} />
      <ConfirmDialog
        open={open === 'reset'}
        onOpenChange={(o) => setOpen(o ? 'reset' : null)}
        title={t('participants.confirm.resetTitle')}
        description={t('participants.confirm.resetBody')}
        confirmLabel={t('participants.tool.resetActivities')}
        onConfirm={() => swallow(tools.resetActivities())}
      />
      <ConfirmDialog
        open={open === 'delete'}
        onOpenChange={(o) => setOpen(o ? 'delete' : null)}
        tone="danger"
        title={t('participants.confirm.deleteTitle', { name: participant.name || participant.email })}
        description={t('participants.confirm.deleteBody')}
        confirmLabel={t('participants.tool.delete')}
        onConfirm={() => swallow(tools.remove())}
      />
    </>
  )
}

/** Add points: a positive whole number and a title (spec section 5), checked with the contract's schema. */
function AddPointsDialog({ open, onOpenChange, onSubmit }: { open: boolean; onOpenChange: (open: boolean) => void; onSubmit: (v: { points: number; action_title: string }) => Promise<unknown> }) {
  const { t } = useI18n()
  const form = useForm<PointsValues>({ resolver: zodResolver(addPointsSchema) as never, defaultValues: { points: undefined as never, action_title: '' } })
  const submit = async (values: PointsValues) => {
    try {
      await onSubmit(addPointsSchema.parse(values))
      form.reset()
      onOpenChange(false)
    } catch {
      // Toasted; the dialog stays open with the values.
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('participants.tool.addPoints')}
      actions={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="participant-add-points" loading={form.formState.isSubmitting}>
            {t('participants.tool.addPoints')}
          </Button>
        </>
      }
    >
      <Form form={form} onSubmit={submit} id="participant-add-points">
        <InputField name="points" label={t('participants.field.points')} type="number" min={1} step={1} inputMode="numeric" required />
        <InputField name="action_title" label={t('participants.field.actionTitle')} required maxLength={200} />
      </Form>
    </Dialog>
  )
}
