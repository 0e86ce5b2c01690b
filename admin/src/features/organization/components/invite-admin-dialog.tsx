import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo, useState } from 'react'
import { type FieldValues, useForm, useWatch } from 'react-hook-form'
import type { InviteAdminRequest } from '../../../../../sdk/contract/console/organization'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { ErrorBlock } from '../../../components/ui/error-block'
import { Form, FormErrors, SERVER_ERROR } from '../../../components/ui/form'
import { IconMail } from '../../../components/ui/icons'
import { formBody, formDefaults, schemaForFields } from '../../../components/ui/server-form/form-schema'
import { ServerFormField } from '../../../components/ui/server-form/server-form'
import { Skeleton } from '../../../components/ui/skeleton'
import { notify } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/error-message'
import { useI18n } from '../../../lib/i18n'
import { grantsFromKeys, type InviteAdminForm, inviteAdmin, useInviteAdminForm } from '../api/invite-admin'
import { PermissionPicker } from './permission-picker'

type InviteAdminDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; onInvited: () => void }

/**
 * The invite-admin panel (organization/admins#invite): the generic form call's fields (GET
 * /admin/v2/users/new) plus the grants per program, sent to POST /admin/v2/users. Toasts are the
 * spec's own: 'Done!' 'The admin has been invited.' or 'An error occurred.' with the server errors.
 */
export function InviteAdminDialog({ open, onOpenChange, onInvited }: InviteAdminDialogProps) {
  const { t } = useI18n()
  const definition = useInviteAdminForm(open)
  return (
    <Dialog open={open} onOpenChange={onOpenChange} icon={<IconMail size={20} />} title={t('organization.inviteAdmin')} description={t('organization.inviteBody')} size="lg">
      {definition.status === 'pending' ? (
        <div className="form" aria-busy="true">
          <span className="sr-only">{t('form.loading')}</span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={44} width="100%" />
          ))}
        </div>
      ) : definition.status === 'error' ? (
        <ErrorBlock title={t('table.error')} error={definition.error} onRetry={() => void definition.refetch()} />
      ) : (
        <InviteAdminForm definition={definition.data} onCancel={() => onOpenChange(false)} onInvited={onInvited} />
      )}
    </Dialog>
  )
}

function InviteAdminForm({ definition, onCancel, onInvited }: { definition: InviteAdminForm; onCancel: () => void; onInvited: () => void }) {
  const { t, tm } = useI18n()
  const fields = useMemo(() => definition.fields.map((f) => ({ ...f, label: tm(f.label) ?? f.label })), [definition.fields, tm])
  const form = useForm<FieldValues>({
    resolver: zodResolver(schemaForFields(fields, t) as never) as never,
    defaultValues: formDefaults(fields, definition.defaultValues),
  })
  const organizationAdmin = useWatch({ control: form.control, name: 'organization_admin' }) === true
  const [selected, setSelected] = useState<Set<string>>(() => new Set())

  const submit = async (values: FieldValues) => {
    // An organization admin holds every permission: per-program grants would only be noise.
    const body = { ...formBody(fields, values), permissions: organizationAdmin ? [] : grantsFromKeys(selected) } as InviteAdminRequest
    let result
    try {
      result = await inviteAdmin(body)
    } catch (error) {
      notify.error(t('organization.inviteFailed'), errorMessage(error, t('error.generic')))
      return
    }
    if (result.success) {
      notify.success(t('organization.invitedTitle'), t('organization.invitedBody'))
      onInvited()
      return
    }
    const names = new Set(fields.map((f) => f.name))
    const entries = Array.isArray(result.errors) ? result.errors.map((m) => ['', m] as const) : Object.entries(result.errors)
    const loose: string[] = []
    for (const [name, message] of entries) {
      if (names.has(name)) form.setError(name, { type: 'server', message }, { shouldFocus: true })
      else loose.push(name === 'permissions' ? `${t('organization.permissions')}: ${tm(message)}` : (tm(message) ?? message))
    }
    if (loose.length) form.setError(SERVER_ERROR, { type: 'server', message: loose.join('\n') })
    notify.error(t('organization.inviteFailed'), entries.map(([, m]) => tm(m) ?? m))
  }

  return (
    <Form form={form} onSubmit={submit} className="form dialog-form invite-form">
      <div className="invite-fields">
        {fields.map((field) => (
          <ServerFormField key={field.name} field={field} />
        ))}
      </div>
      {organizationAdmin ? (
        <p className="field-hint">{t('organization.organizationAdminHint')}</p>
      ) : (
        <PermissionPicker choices={definition.permission_choices} selected={selected} onChange={setSelected} />
      )}
      <FormErrors />
      <div className="form-actions">
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {t('organization.sendInvite')}
        </Button>
      </div>
    </Form>
  )
}
