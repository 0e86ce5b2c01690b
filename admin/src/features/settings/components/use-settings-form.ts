import { zodResolver } from '@hookform/resolvers/zod'
import { type FieldValues, type Resolver, useForm, type UseFormReturn } from 'react-hook-form'
import type { z } from 'zod'
import { SERVER_ERROR } from '../../../components/ui/form'
import { notify } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/error-message'
import { useI18n } from '../../../lib/i18n'
import type { SaveResult } from '../api/settings'
import { useSettingsText } from '../messages'

type Options<T> = {
  /** The contract schema the server validates with: the form checks the same rules first. */
  schema: z.ZodType
  /** The saved values (undefined while loading); the form follows them when they change. */
  values: FieldValues | undefined
  save: (values: FieldValues) => Promise<SaveResult<T>>
  /** The toast's description on success, e.g. 'Program updated successfully.'. */
  successText: string
  onSaved?: (result: SaveResult<T>) => void
}

/** Puts field errors under their fields (dotted names reach into lists) and the rest above the button. */
export function applyErrors(form: UseFormReturn<FieldValues>, errors: SaveResult['errors'], fieldNames: readonly string[]): string[] {
  const entries = Array.isArray(errors) ? errors.map((message) => ['', message] as const) : Object.entries(errors)
  const loose: string[] = []
  for (const [name, message] of entries) {
    if (name && fieldNames.some((f) => name === f || name.startsWith(`${f}.`))) form.setError(name, { type: 'server', message }, { shouldFocus: true })
    else loose.push(message)
  }
  if (loose.length) form.setError(SERVER_ERROR, { type: 'server', message: loose.join('\n') })
  return entries.map(([, message]) => message)
}

/**
 * A settings form: react-hook-form resolved with the contract schema, sent as JSON, then the spec's
 * toast 'Success!' with what was saved, or 'Error!!!' with the server's errors (also under their fields).
 */
export function useSettingsForm<T>({ schema, values, save, successText, onSaved }: Options<T>) {
  const st = useSettingsText()
  const { t } = useI18n()
  const form = useForm<FieldValues>({ resolver: zodResolver(schema as never) as unknown as Resolver<FieldValues>, ...(values ? { values } : {}), resetOptions: { keepDirtyValues: false } })
  const submit = async (data: FieldValues) => {
    let result: SaveResult<T>
    try {
      result = await save(data)
    } catch (error) {
      notify.error(st('error'), errorMessage(error, t('error.generic')))
      return
    }
    if (result.success) {
      notify.success(st('success'), successText)
      onSaved?.(result)
      return
    }
    notify.error(st('error'), applyErrors(form, result.errors, Object.keys(values ?? {})))
  }
  return { form, submit }
}
