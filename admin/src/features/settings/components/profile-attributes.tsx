import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useParams } from '@tanstack/react-router'
import { createColumnHelper } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { profileAttributeFieldTypes, profileAttributeWriteSchema, settingsPaths } from '../../../../../sdk/contract/console/settings'
import { Button, buttonClass } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { CheckboxField, Form, FormErrors, InputField, SelectField } from '../../../components/ui/form'
import { IconPlus } from '../../../components/ui/icons'
import { PageHeader } from '../../../components/ui/page-header'
import { useCurrentProgram } from '../../../lib/use-program'
import { type ProfileAttributeRow, sendSettings, settingsKey, useProfileAttribute, useProfileAttributes } from '../api/settings'
import { useSettingsText } from '../messages'
import { SettingsQuery } from './settings-query'
import { useSettingsForm } from './use-settings-form'

const column = createColumnHelper<ProfileAttributeRow>()

/** The spec's answer-type mapping, as the console names the types. */
const FIELD_TYPE_LABELS: Record<string, string> = {
  text: 'Text',
  text_area: 'Text area',
  dropdown: 'Dropdown',
  date: 'Date',
  date_time: 'Date and time',
  radio_button: 'Radio buttons',
  boolean: 'Yes / no',
  wysiwyg: 'Rich text',
  image_radio_button: 'Image radio buttons',
  check_box: 'Check boxes',
  image_check_box: 'Image check boxes',
  phone: 'Phone',
  number: 'Number',
  decimal: 'Decimal',
  time: 'Time',
}
const fieldTypeLabel = (type: string) => FIELD_TYPE_LABELS[type] ?? FIELD_TYPE_LABELS.text!

/** settings/profile-attributes: the program's profile attribute definitions, with New and Edit (program manage). */
export function ProfileAttributesPage() {
  const st = useSettingsText()
  const { program } = useCurrentProgram()
  const programId = program.id
  const list = useProfileAttributes(programId)
  const [pagination, setPagination] = useState({ page: 1, perPage: 20 })
  const columns = useMemo(
    () => [
      column.accessor('display_name', {
        header: st('displayName'),
        cell: (c) => (
          <Link className="cell-strong" to="/programs/$programId/settings/profile-attributes/$profileAttributeId" params={{ programId, profileAttributeId: c.row.original.id }}>
            {c.getValue()}
          </Link>
        ),
      }),
      column.accessor('attribute_name', { header: st('attributeName'), cell: (c) => <code>{c.getValue()}</code> }),
      column.accessor('attribute_field_type', { header: st('fieldType'), cell: (c) => fieldTypeLabel(c.getValue()) }),
      column.accessor('active', {
        header: st('status'),
        cell: (c) => <span className={`badge ${c.getValue() ? 'badge-success' : 'badge-muted'}`}>{st(c.getValue() ? 'active' : 'inactive')}</span>,
      }),
    ],
    [st, programId],
  )
  const rows = list.data ?? []
  const start = (pagination.page - 1) * pagination.perPage
  return (
    <>
      <PageHeader
        title={st('attributesTitle')}
        description={st('attributesSubtitle', { program: program.name })}
        actions={
          <Link className={buttonClass()} to="/programs/$programId/settings/profile-attributes/new" params={{ programId }}>
            <IconPlus />
            {st('newAttribute')}
          </Link>
        }
      />
      <DataTable
        label={st('attributesTitle')}
        columns={columns}
        data={list.data ? rows.slice(start, start + pagination.perPage) : undefined}
        total={rows.length}
        status={list.status}
        error={list.error}
        onRetry={() => void list.refetch()}
        pagination={pagination}
        onPaginationChange={setPagination}
        getRowId={(row) => String(row.id)}
        emptyMessage={st('noResults')}
      />
    </>
  )
}

type FormValues = { display_name: string; attribute_field_type: string; active: boolean }

function AttributeForm({ programId, id, values }: { programId: number; id: number | undefined; values: FormValues }) {
  const st = useSettingsText()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const base = settingsPaths.profileAttributes(programId)
  const { form, submit } = useSettingsForm({
    schema: profileAttributeWriteSchema,
    values,
    save: (body) => sendSettings(id === undefined ? 'POST' : 'PUT', id === undefined ? base : `${base}/${id}`, body),
    successText: st(id === undefined ? 'attributeCreated' : 'attributeUpdated'),
    onSaved: () => {
      void queryClient.invalidateQueries({ queryKey: settingsKey(programId, 'profile_attributes') })
      void navigate({ to: '/programs/$programId/settings/profile-attributes', params: { programId } })
    },
  })
  const options = profileAttributeFieldTypes.map((value) => ({ value, label: fieldTypeLabel(value) }))
  return (
    <Form form={form} onSubmit={submit}>
      <InputField name="display_name" label={st('displayName')} required maxLength={60} autoComplete="off" />
      <SelectField name="attribute_field_type" label={st('fieldType')} options={options} />
      <CheckboxField name="active" label={st('active')} />
      <FormErrors />
      <div className="form-actions">
        <Link className={buttonClass({ variant: 'secondary' })} to="/programs/$programId/settings/profile-attributes" params={{ programId }}>
          {st('cancel')}
        </Link>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {st('save')}
        </Button>
      </div>
    </Form>
  )
}

/** settings/profile-attributes/new and /{id}: the definition's display name, field type and active. */
export function ProfileAttributeFormPage({ mode }: { mode: 'create' | 'update' }) {
  const st = useSettingsText()
  const { program } = useCurrentProgram()
  const { profileAttributeId } = useParams({ strict: false }) as { profileAttributeId?: number }
  const current = useProfileAttribute(program.id, mode === 'update' ? profileAttributeId : undefined)
  return (
    <>
      <PageHeader title={st(mode === 'create' ? 'newAttribute' : 'editAttribute')} />
      <Card className="form-card">
        <CardContent>
          {mode === 'create' ? (
            <AttributeForm programId={program.id} id={undefined} values={{ display_name: '', attribute_field_type: 'text', active: true }} />
          ) : (
            <SettingsQuery query={current}>
              {(row) => (
                <AttributeForm
                  programId={program.id}
                  id={row.id}
                  values={{ display_name: row.display_name, attribute_field_type: row.attribute_field_type, active: row.active }}
                />
              )}
            </SettingsQuery>
          )}
        </CardContent>
      </Card>
    </>
  )
}
