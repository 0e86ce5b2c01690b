import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useRef } from 'react'
import { type FieldValues, type Resolver, useForm, type UseFormReturn } from 'react-hook-form'
import {
  type FormDefinition,
  formDefinitionSchema,
  type FormField,
  type FormResult,
  formResultSchema,
  type FormValues,
} from '../../../../../sdk/contract/console/forms'
import { TesseraError, ValidationError } from '../../../../../sdk/src/errors'
import { api } from '../../../lib/api-client'
import { errorMessage } from '../../../lib/error-message'
import { useI18n } from '../../../lib/i18n'
import { SERVER_ERROR } from '../form'
import { notify } from '../toast'
import { formBody, formDefaults, schemaForFields } from './form-schema'

export type ServerFormOptions = {
  /** Answers the form definition (GET); also where values go unless submitPath says otherwise. */
  path: string
  /** Rails-style APIs read the form at .../new or .../edit and write to the record's path. */
  submitPath?: string
  /** Names the record in the result toast: '{model} was created successfully!'. */
  model: string
  /** create POSTs, update PUTs. */
  mode: 'create' | 'update'
  /**
   * The failure toast's title: 'Error!' (t('form.errorTitle'), admin-console-part-a.md section 8) unless
   * the screen's spec says otherwise; part B's screens pass t('form.errorTitlePartB'), 'Error!!!'.
   */
  errorTitle?: string
  /** After the success toast is scheduled: redirect, close a panel, refresh a list. */
  onSuccess?: (result: FormResult, values: FormValues) => void
}

export type ServerForm = {
  definition: FormDefinition | undefined
  status: 'pending' | 'error' | 'success'
  error: unknown
  retry: () => void
  form: UseFormReturn<FieldValues>
  submit: (values: FieldValues) => Promise<void>
  mode: ServerFormOptions['mode']
}

/** Writes the values; a refusal with { success, errors } (any status) is a result, not an exception. */
async function sendForm(method: 'POST' | 'PUT', path: string, body: FormValues): Promise<FormResult> {
  try {
    const answer = await (method === 'POST' ? api.post<unknown>(path, body) : api.put<unknown>(path, body))
    return formResultSchema.parse(answer)
  } catch (error) {
    const refused = error instanceof TesseraError ? formResultSchema.safeParse(error.body) : null
    if (refused?.success) return refused.data
    if (error instanceof ValidationError && error.fields) return { success: false, errors: error.fields }
    throw error
  }
}

/** Puts field errors under their fields and the rest above the button; answers every message for the toast. */
function applyServerErrors(form: UseFormReturn<FieldValues>, fields: readonly FormField[], errors: FormResult['errors']) {
  const names = new Set(fields.map((f) => f.name))
  const entries = Array.isArray(errors) ? errors.map((message) => ['', message] as const) : Object.entries(errors)
  const loose: string[] = []
  for (const [name, message] of entries) {
    if (names.has(name)) form.setError(name, { type: 'server', message }, { shouldFocus: true })
    else loose.push(message)
  }
  if (loose.length) form.setError(SERVER_ERROR, { type: 'server', message: loose.join('\n') })
  return entries.map(([, message]) => message)
}

/**
 * The spec's generic form calls (section 7): GET `path` for { fields, defaultValues }, validate on the
 * client with the definition's own rules, POST (create) or PUT (update) the values as JSON, then toast
 * 'Success!' / '{model} was created successfully!' or 'Error!' (or the screen's errorTitle) with the
 * server's errors, which also land under their fields. Render it with <ServerForm form={...} />.
 * @example
 * const form = useServerForm({ path: '/admin/v2/users/new', submitPath: '/admin/v2/users', model: 'Admin',
 *   mode: 'create', onSuccess: () => navigate({ to: '/organization/admins' }) })
 */
export function useServerForm({ path, submitPath, model, mode, errorTitle, onSuccess }: ServerFormOptions): ServerForm {
  const { t } = useI18n()
  const failed = errorTitle ?? t('form.errorTitle')
  const definition = useQuery({
    queryKey: ['form', path],
    queryFn: async ({ signal }) => formDefinitionSchema.parse(await api.get<unknown>(path, undefined, signal)),
    // A form shows what is saved now, never a cached copy.
    staleTime: 0,
    gcTime: 0,
  })
  const fields = useMemo(() => definition.data?.fields ?? [], [definition.data])
  const schema = useMemo(() => schemaForFields(fields, t), [fields, t])
  const schemaRef = useRef(schema)
  schemaRef.current = schema
  // The rules arrive with the definition, after useForm has run: read them at validation time.
  const resolver: Resolver<FieldValues> = (values, context, options) =>
    zodResolver(schemaRef.current as never)(values, context, options as never) as never
  const form = useForm<FieldValues>({ resolver })

  const { reset } = form
  useEffect(() => {
    if (definition.data) reset(formDefaults(definition.data.fields, definition.data.defaultValues))
  }, [definition.data, reset])

  const submit = async (values: FieldValues) => {
    const body = formBody(fields, values)
    let result: FormResult
    try {
      result = await sendForm(mode === 'create' ? 'POST' : 'PUT', submitPath ?? path, body)
    } catch (error) {
      notify.error(failed, errorMessage(error, t('error.generic')))
      return
    }
    if (result.success) {
      notify.success(t('form.successTitle'), t(mode === 'create' ? 'form.created' : 'form.updated', { model }))
      onSuccess?.(result, body)
      return
    }
    notify.error(failed, applyServerErrors(form, fields, result.errors))
  }

  return {
    definition: definition.data,
    status: definition.status,
    error: definition.error,
    retry: () => void definition.refetch(),
    form,
    submit,
    mode,
  }
}
