import { useState } from 'react'
import { Checkbox } from '../../../components/ui/checkbox'
import { Select } from '../../../components/ui/select'
import { useI18n, type MessageKey } from '../../../lib/i18n'
import { grantKey, impliedByManage, type InviteAdminForm, type PermissionChoice } from '../api/invite-admin'

const ACTIONS = ['view', 'create', 'update', 'manage'] as const

type PermissionPickerProps = {
  choices: InviteAdminForm['permission_choices']
  selected: ReadonlySet<string>
  onChange: (next: Set<string>) => void
}

/**
 * The grants of a new admin, one program at a time: a row per resource, a column per action. Checking
 * manage shows the resource's other actions as held (manage implies them) without granting them one
 * by one, so the admin gets exactly what is ticked.
 */
export function PermissionPicker({ choices, selected, onChange }: PermissionPickerProps) {
  const { t } = useI18n()
  const [programId, setProgramId] = useState<number | undefined>(choices.programs[0]?.id)
  const program = choices.programs.find((p) => p.id === programId)
  const resources = groupByResource(choices.permissions)
  const countOn = (id: number) => [...selected].filter((key) => key.startsWith(`${id}:`)).length

  const toggle = (id: number, resource: string, action: string, on: boolean) => {
    const next = new Set(selected)
    if (!on) next.delete(grantKey(id, resource, action))
    else {
      next.add(grantKey(id, resource, action))
      // Manage holds the rest: ticks under it would only be grants nobody can take away on screen.
      if (action === 'manage') for (const other of ACTIONS) if (other !== 'manage') next.delete(grantKey(id, resource, other))
    }
    onChange(next)
  }

  if (!program) return <p className="field-hint">{t('organization.noProgramsToGrant')}</p>
  return (
    <fieldset className="permission-picker">
      <legend className="field-label">{t('organization.permissions')}</legend>
      <p className="field-hint">{t('organization.permissionsHint')}</p>
      <Select
        aria-label={t('organization.permissionsProgram')}
        value={String(program.id)}
        onValueChange={(value) => setProgramId(Number(value))}
        options={choices.programs.map((p) => ({ value: String(p.id), label: t('organization.programGrants', { program: p.name, count: countOn(p.id) }) }))}
      />
      <div className="permission-table-wrap">
        <table className="permission-table">
          <caption className="sr-only">{t('organization.permissionsOf', { program: program.name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('organization.resource')}</th>
              {ACTIONS.map((action) => (
                <th scope="col" key={action}>
                  {t(`organization.action.${action}` as MessageKey)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {resources.map(({ resource, actions, feature }) => {
              const off = feature !== null && !program.features[feature as keyof typeof program.features]
              const label = t(`organization.resource.${resource}` as MessageKey)
              return (
                <tr key={resource}>
                  <th scope="row">
                    {label}
                    {off && <span className="badge badge-warning permission-off">{t('organization.featureOff')}</span>}
                  </th>
                  {ACTIONS.map((action) => {
                    if (!actions.includes(action)) return <td key={action} aria-hidden="true" />
                    const key = grantKey(program.id, resource, action)
                    const implied = impliedByManage(selected, program.id, resource, action)
                    return (
                      <td key={action}>
                        <Checkbox
                          aria-label={t('organization.grantLabel', { resource: label, action: t(`organization.action.${action}` as MessageKey) })}
                          checked={implied || selected.has(key)}
                          disabled={implied}
                          onCheckedChange={(checked) => toggle(program.id, resource, action, checked === true)}
                        />
                      </td>
                    )
                  })}
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </fieldset>
  )
}

function groupByResource(permissions: readonly PermissionChoice[]) {
  const rows: { resource: string; actions: string[]; feature: string | null }[] = []
  for (const p of permissions) {
    const row = rows.find((r) => r.resource === p.resource)
    if (row) row.actions.push(p.action)
    else rows.push({ resource: p.resource, actions: [p.action], feature: p.feature })
  }
  return rows
}
