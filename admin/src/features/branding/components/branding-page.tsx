import { zodResolver } from '@hookform/resolvers/zod'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Outlet, useLocation, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useMemo, useState } from 'react'
import { type FieldErrors, FormProvider, useForm, useWatch } from 'react-hook-form'
import { type BrandingResponse, type BrandingSaved, brandingWriteSchema, type BrandingValues } from '../../../../../sdk/contract/console/branding'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { ErrorBlock } from '../../../components/ui/error-block'
import { FormErrors, SERVER_ERROR } from '../../../components/ui/form'
import { type FieldMessage, fieldMessages, type FormSection, locateErrors, sectionErrorLines } from '../../../components/ui/form-sections'
import { PageHeader } from '../../../components/ui/page-header'
import { Skeleton } from '../../../components/ui/skeleton'
import { RouteTabs } from '../../../components/ui/tabs'
import { notify } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/error-message'
import { useI18n } from '../../../lib/i18n'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { useCurrentProgram } from '../../../lib/use-program'
import { brandingKey, previewBranding, saveBranding, useBranding, useFonts } from '../api/branding'
import { type BrandingFormValues, formValuesOf, isUnchanged, writeOf } from '../form-values'
import { useBrandingText } from '../messages'
import { BRANDING_SECTIONS, type BrandingSectionId, sectionOfField } from '../sections'
import { BrandingPreviewPanel } from './branding-preview'
import { BrandingSectionContext, type FocusRequest } from './branding-sections'
import './branding.css'

/**
 * Settings: branding (admin-console-part-b.md section 2): colors (default), theme, assets, fonts,
 * borders and css as tabs of one form, validated with the server's schema; a live preview with
 * Program and Emails tabs beside it; Reset and Save.
 */
export function BrandingPage() {
  const bt = useBrandingText()
  const { t } = useI18n()
  const { program } = useCurrentProgram()
  const branding = useBranding(program.id)
  const header = <PageHeader title={bt('title')} description={bt('subtitle', { program: program.name })} />
  if (branding.status === 'pending') {
    return (
      <>
        {header}
        <Card aria-busy="true">
          <span className="sr-only">{bt('loading')}</span>
          <Skeleton height={360} />
        </Card>
      </>
    )
  }
  if (branding.status === 'error') return <ErrorBlock title={t('table.error')} error={branding.error} onRetry={() => void branding.refetch()} />
  return (
    <>
      {header}
      <BrandingForm programId={program.id} saved={branding.data} />
    </>
  )
}

function BrandingForm({ programId, saved }: { programId: number; saved: BrandingResponse }) {
  const bt = useBrandingText()
  const { t, tm } = useI18n()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const pathname = useLocation({ select: (location) => location.pathname })
  const initial = useMemo(() => formValuesOf(saved.data), [saved])
  // The failed field is focused by its section once shown (showErrors), not by react-hook-form, which
  // can only focus fields of the section on screen.
  const form = useForm<BrandingFormValues, unknown, BrandingValues>({ resolver: zodResolver(brandingWriteSchema) as never, defaultValues: initial, shouldFocusError: false })
  const [reloadKey, setReloadKey] = useState(0)
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null)
  const fonts = useFonts(programId)

  // The preview follows the form as it is typed; the server's half (CSS, e-mail) after a short pause.
  const draft = useWatch({ control: form.control }) as BrandingFormValues
  // Debounced as text: the watched object is new on every render, its text only when a value changes.
  const settled = JSON.parse(useDebouncedValue(JSON.stringify(draft), 300)) as BrandingFormValues
  const serverDraft = { element_css_style: settled.element_css_style, header_logo: settled.header_logo || null, css: settled.css }
  const server = useQuery({
    queryKey: brandingKey(programId, 'preview', serverDraft),
    queryFn: () => previewBranding(programId, serverDraft),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  })

  const reset = () => form.reset(initial)

  const tabs = [
    { to: '/programs/$programId/settings/branding/colors', params: { programId }, children: bt('tab.colors') },
    { to: '/programs/$programId/settings/branding/theme', params: { programId }, children: bt('tab.theme') },
    { to: '/programs/$programId/settings/branding/assets', params: { programId }, children: bt('tab.assets') },
    { to: '/programs/$programId/settings/branding/fonts', params: { programId }, children: bt('tab.fonts') },
    { to: '/programs/$programId/settings/branding/borders', params: { programId }, children: bt('tab.borders') },
    { to: '/programs/$programId/settings/branding/css', params: { programId }, children: bt('tab.css') },
  ] as const
  const sections: FormSection<BrandingSectionId>[] = BRANDING_SECTIONS.map((id) => ({ id, label: bt(`tab.${id}`), holds: (field) => sectionOfField(field) === id }))

  /**
   * A failed save names each field with its section ('Assets: Overlay image is required'), then opens
   * the section of the first and focuses it there (the section may be a tab the admin never opened).
   */
  const showErrors = (errors: readonly FieldMessage[], loose: readonly string[] = []) => {
    const located = locateErrors(errors, sections)
    notify.error(bt('failed'), [...sectionErrorLines(located, tm), ...loose])
    const first = located.find((e) => e.section)
    if (!first?.section) return
    setFocusRequest({ field: first.field })
    const tab = tabs.find((t) => t.to.endsWith(`/${first.section!.id}`))!
    if (!pathname.endsWith(`/${first.section.id}`)) void navigate({ to: tab.to, params: tab.params })
  }

  const submit = async (values: BrandingValues) => {
    let result: Awaited<ReturnType<typeof saveBranding>>
    try {
      result = await saveBranding(programId, writeOf(values as unknown as BrandingFormValues))
    } catch (error) {
      notify.error(bt('failed'), errorMessage(error, t('error.generic')))
      return
    }
    if (!result.success) {
      const entries = Array.isArray(result.errors) ? result.errors.map((m) => ['', m] as const) : Object.entries(result.errors)
      const fields: FieldMessage[] = []
      const loose: string[] = []
      for (const [name, message] of entries) {
        // A field no section shows is reported above the buttons, where it can be read.
        if (sectionOfField(name)) {
          form.setError(name as never, { type: 'server', message })
          fields.push({ field: name, message })
        } else loose.push(message)
      }
      if (loose.length) form.setError(SERVER_ERROR as never, { type: 'server', message: loose.join('\n') })
      showErrors(fields, loose)
      return
    }
    notify.success(bt('done'), bt('updated'))
    // Reload: the saved branding becomes the form's starting point and the preview loads the saved site.
    const stored = (result as BrandingSaved).data
    queryClient.setQueryData(brandingKey(programId), { ...saved, data: stored })
    form.reset(formValuesOf(stored))
    setReloadKey((k) => k + 1)
  }

  const invalid = (errors: FieldErrors) => showErrors(fieldMessages(errors))

  // Nothing changed: said before any validation (an unbranded program's empty fields are not news).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (isUnchanged(form.getValues(), initial)) {
      event.preventDefault()
      notify.info(bt('noChanges'), bt('noChangesHint'))
      return
    }
    void form.handleSubmit(submit, invalid)(event)
  }

  return (
    <div className="branding-layout">
      <Card className="branding-form-card">
        <BrandingSectionContext.Provider value={{ programId, fonts: fonts.data ?? [], cssRemoved: server.data?.css_removed ?? [], focusRequest, focused: () => setFocusRequest(null) }}>
          <FormProvider {...form}>
            <form className="form branding-form" onSubmit={onSubmit} noValidate>
            <RouteTabs label={bt('sections')} tabs={tabs} className="branding-tabs">
              <Outlet />
            </RouteTabs>
            <FormErrors />
            <div className="form-actions branding-actions">
              <Button variant="secondary" onClick={reset} disabled={form.formState.isSubmitting}>
                {bt('reset')}
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting}>
                {bt('save')}
              </Button>
            </div>
            </form>
          </FormProvider>
        </BrandingSectionContext.Provider>
      </Card>
      <BrandingPreviewPanel previewUrl={saved.preview_url} draft={draft} server={server.data ?? null} reloadKey={reloadKey} />
    </div>
  )
}
