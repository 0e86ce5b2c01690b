import { useState } from 'react'
import type { ChallengeFormField } from '../../../../../sdk/contract/console/challenges'
import { challengeFieldLabels } from '../../../../../sdk/contract/console/challenges'
import { Checkbox } from '../../../components/ui/checkbox'
import { FormField } from '../../../components/ui/form-field'
import { Input } from '../../../components/ui/input'
import { Select, type SelectOption } from '../../../components/ui/select'
import { Textarea } from '../../../components/ui/textarea'

/** The wizard's inputs: controlled, labelled by the contract's field labels, each with its error. */

type Base = { name: ChallengeFormField; error?: string | undefined; hint?: string; label?: string }
const labelOf = (p: Base) => p.label ?? challengeFieldLabels[p.name]

export function TextInput(p: Base & { value: string; onChange: (v: string) => void; type?: 'text' | 'url'; multiline?: boolean; rows?: number }) {
  return (
    <FormField label={labelOf(p)} error={p.error} hint={p.hint}>
      {(control) =>
        p.multiline ? (
          <Textarea {...control} name={p.name} rows={p.rows ?? 4} value={p.value} onChange={(e) => p.onChange(e.target.value)} />
        ) : (
          <Input {...control} name={p.name} type={p.type ?? 'text'} value={p.value} onChange={(e) => p.onChange(e.target.value)} />
        )
      }
    </FormField>
  )
}

/** A number, or null when left empty. */
export function NumberInput(p: Base & { value: number | null; onChange: (v: number | null) => void; step?: string; min?: number; max?: number }) {
  return (
    <FormField label={labelOf(p)} error={p.error} hint={p.hint}>
      {(control) => (
        <Input
          {...control}
          name={p.name}
          type="number"
          inputMode="decimal"
          step={p.step ?? '1'}
          min={p.min}
          max={p.max}
          value={p.value === null || Number.isNaN(p.value) ? '' : String(p.value)}
          onChange={(e) => p.onChange(e.target.value === '' ? null : Number(e.target.value))}
        />
      )}
    </FormField>
  )
}

export function SelectInput<V extends string>(p: Base & { value: V; onChange: (v: V) => void; options: readonly SelectOption[]; disabled?: boolean }) {
  return (
    <FormField label={labelOf(p)} error={p.error} hint={p.hint}>
      {(control) => <Select {...control} name={p.name} value={p.value} onValueChange={(v) => p.onChange(v as V)} options={p.options} disabled={p.disabled ?? false} />}
    </FormField>
  )
}

export function BooleanInput(p: Base & { value: boolean; onChange: (v: boolean) => void }) {
  return (
    <FormField label={labelOf(p)} error={p.error} hint={p.hint} inline>
      {(control) => <Checkbox {...control} name={p.name} checked={p.value} onCheckedChange={(v) => p.onChange(v === true)} />}
    </FormField>
  )
}

/** Tags typed as a comma list; the list is what the form holds. */
export function TagsInput(p: Base & { value: string[]; onChange: (v: string[]) => void }) {
  const [text, setText] = useState(p.value.join(', '))
  return (
    <FormField label={labelOf(p)} error={p.error} hint={p.hint}>
      {(control) => (
        <Input
          {...control}
          name={p.name}
          value={text}
          onChange={(e) => {
            setText(e.target.value)
            p.onChange([...new Set(e.target.value.split(',').map((s) => s.trim()).filter(Boolean))])
          }}
        />
      )}
    </FormField>
  )
}

const pad = (n: number) => String(n).padStart(2, '0')
/** An ISO time as a datetime-local value in the browser's zone. */
export const toLocalInput = (iso: string) => {
  if (!iso) return ''
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? '' : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}
export const fromLocalInput = (local: string) => (local ? new Date(local).toISOString() : '')

export function DateTimeInput(p: Base & { value: string; onChange: (v: string) => void }) {
  return (
    <FormField label={labelOf(p)} error={p.error} hint={p.hint}>
      {(control) => <Input {...control} name={p.name} type="datetime-local" value={toLocalInput(p.value)} onChange={(e) => p.onChange(fromLocalInput(e.target.value))} />}
    </FormField>
  )
}
