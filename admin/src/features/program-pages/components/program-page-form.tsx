import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import type { FormResult } from '../../../../../sdk/contract/console/forms'
import { programPageWriteSchema, slugFromTitle, type ProgramPageStatus } from '../../../../../sdk/contract/console/program-pages'
import { Button, buttonClass } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { ErrorBlock } from '../../../components/ui/error-block'
import { Form, FormErrors, InputField, SERVER_ERROR } from '../../../components/ui/form'
import { PageHeader } from '../../../components/ui/page-header'
import { Skeleton } from '../../../components/ui/skeleton'
import { notify } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/error-message'
import { useI18n } from '../../../lib/i18n'
import { invalidateProgram } from '../../../lib/query-client'
import { useCurrentProgram } from '../../../lib/use-program'
import { pagesKey, type ProgramPageDetail, type ProgramPageWrite, saveProgramPage, setProgramPageStatus, useProgramPage } from '../api/program-pages'
import { usePageText } from '../messages'
import { RichTextEditor } from './rich-text-editor'
import { StatusBadge } from './status-badge'

type Values = { title: string; slug: string; body: string }

/** settings/program-pages/new. */
export function NewProgramPage() {
  const pt = usePageText()
  return (
    <>
      <PageHeader title={pt('newPage')} />
      <ProgramPageForm page={null} />
    </>
  )
}

/** settings/program-pages/{program_page_id}: edit, publish and archive. */
export function EditProgramPage({ pageId }: { pageId: number }) {
  const pt = usePageText()
  const { t } = useI18n()
  const { program } = useCurrentProgram()
  const page = useProgramPage(program.id, pageId)
  if (page.status === 'pending') {
    return (
      <>
        <PageHeader title={pt('editPage')} />
        <Card aria-busy="true">
          <span className="sr-only">{t('form.loading')}</span>
          <Skeleton height={360} />
        </Card>
      </>
    )
  }
  if (page.status === 'error') return <ErrorBlock title={pt('notFound')} error={page.error} onRetry={() => void page.refetch()} />
  return (
    <>
      <PageHeader title={page.data.title} description={<StatusBadge status={page.data.status} />} actions={<StatusActions page={page.data} />} />
      <ProgramPageForm key={page.data.id} page={page.data} />
    </>
  )
}

/** Publish (draft or archived) and archive (published). */
function StatusActions({ page }: { page: ProgramPageDetail }) {
  const pt = usePageText()
  const { t } = useI18n()
  const { program } = useCurrentProgram()
  const queryClient = useQueryClient()
  const [confirm, setConfirm] = useState(false)
  const [busy, setBusy] = useState(false)
  const run = async (action: 'publish' | 'archive') => {
    setBusy(true)
    try {
      const result = await setProgramPageStatus(program.id, page.id, action)
      if (result.success) notify.success(pt('successTitle'), pt(action === 'publish' ? 'published' : 'archived'))
      else notify.error(pt('errorTitle'), Object.values(result.errors))
      await invalidateProgram(queryClient, program.id, 'program_pages')
    } catch (error) {
      notify.error(pt('errorTitle'), errorMessage(error, t('error.generic')))
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      {page.status === 'published' ? (
        <Button size="sm" variant="secondary" loading={busy} onClick={() => setConfirm(true)}>
          {pt('archive')}
        </Button>
      ) : (
        <Button size="sm" loading={busy} onClick={() => void run('publish')}>
          {pt('publish')}
        </Button>
      )}
      <ConfirmDialog open={confirm} onOpenChange={setConfirm} title={pt('archiveConfirm')} description={pt('archiveConfirmBody')} confirmLabel={pt('archive')} onConfirm={() => run('archive')} />
    </>
  )
}

/**
 * Title, slug and body (the Tiptap editor), validated with the contract's schema before sending; the
 * server sanitizes the body and answers field errors ('Slug has already been taken'). A new page's slug
 * follows its title until the slug is typed in.
 */
function ProgramPageForm({ page }: { page: (ProgramPageDetail & { status: ProgramPageStatus }) | null }) {
  const pt = usePageText()
  const { t } = useI18n()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { program } = useCurrentProgram()
  const programId = program.id
  const form = useForm<ProgramPageWrite, unknown, Values>({
    resolver: zodResolver(programPageWriteSchema),
    defaultValues: { title: page?.title ?? '', slug: page?.slug ?? '', body: page?.body ?? '' },
  })
  const slugTouched = useRef(Boolean(page))
  useEffect(() => form.setFocus('title'), [form])
  useEffect(() => {
    if (page) return
    const watch = form.watch((values, { name }) => {
      if (name === 'slug') slugTouched.current = true
      if (name === 'title' && !slugTouched.current) form.setValue('slug', slugFromTitle(values.title ?? ''))
    })
    return () => watch.unsubscribe()
  }, [form, page])

  const submit = async (values: Values) => {
    let result: FormResult
    try {
      result = await saveProgramPage(programId, page?.id ?? null, values)
    } catch (error) {
      notify.error(pt('errorTitle'), errorMessage(error, t('error.generic')))
      return
    }
    if (!result.success) {
      const entries = Array.isArray(result.errors) ? result.errors.map((m) => ['', m] as const) : Object.entries(result.errors)
      const loose: string[] = []
      for (const [name, message] of entries) {
        if (name === 'title' || name === 'slug' || name === 'body') form.setError(name, { type: 'server', message }, { shouldFocus: true })
        else loose.push(message)
      }
      if (loose.length) form.setError(SERVER_ERROR as never, { type: 'server', message: loose.join('\n') })
      notify.error(pt('errorTitle'), entries.map(([, m]) => m))
      return
    }
    notify.success(pt('successTitle'), pt(page ? 'updated' : 'created'))
    await invalidateProgram(queryClient, programId, 'program_pages')
    // The form shows what was stored: the server's sanitizer may have dropped part of the body.
    const stored = page ? queryClient.getQueryData<ProgramPageDetail>(pagesKey(programId, page.id)) : undefined
    if (stored) form.reset({ title: stored.title, slug: stored.slug, body: stored.body })
    const id = (result.data as { id?: number } | undefined)?.id
    if (!page && id) void navigate({ to: '/programs/$programId/settings/program-pages/$programPageId', params: { programId, programPageId: id } })
  }

  return (
    <Card className="form-card program-page-card">
      <CardContent>
        <Form form={form as never} onSubmit={submit as never} className="form">
          <InputField name="title" label={pt('field.title')} required autoComplete="off" />
          <InputField name="slug" label={pt('field.slug')} required autoComplete="off" spellCheck={false} hint={pt('field.slugHint', { slug: form.watch('slug') || '…' })} />
          <Controller
            control={form.control}
            name="body"
            render={({ field, fieldState }) => (
              <RichTextEditor programId={programId} label={pt('field.body')} hint={pt('field.bodyHint')} error={fieldState.error?.message} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} />
            )}
          />
          <FormErrors />
          <div className="form-actions">
            <Link className={buttonClass({ variant: 'secondary' })} to="/programs/$programId/settings/program-pages" params={{ programId }}>
              {pt('cancel')}
            </Link>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {pt(page ? 'save' : 'create')}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  )
}
