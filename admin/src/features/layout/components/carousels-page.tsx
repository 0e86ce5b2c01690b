import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Controller, get, useFieldArray, useForm, useWatch } from 'react-hook-form'
import { carouselsWriteSchema, MAX_CAROUSEL_SLIDES } from '../../../../../sdk/contract/console/layout'
import { Button } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorBlock } from '../../../components/ui/error-block'
import { Form, FormErrors, InputField, TextareaField } from '../../../components/ui/form'
import { FormField } from '../../../components/ui/form-field'
import { IconClose, IconPlus } from '../../../components/ui/icons'
import { Input } from '../../../components/ui/input'
import { Skeleton } from '../../../components/ui/skeleton'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import { type CarouselList, layoutKey, saveCarousels, useCarousels } from '../api/layout'
import { useLayoutText } from '../messages'
import { saveList } from './save-list'
import { SortableList } from './sortable-list'

type Slide = { title: string; description: string; link: string; button_text: string; image: string | null }
type Values = { carousels: Slide[] }

/** What an image field gets: the composing route passes the media library's picker. */
export type ImageFieldProps = { label: string; value: string | null; onChange: (url: string | null) => void; error?: string; description?: string }
export type ImageFieldRenderer = (props: ImageFieldProps) => ReactNode

const valuesOf = (list: CarouselList): Values => ({
  carousels: list.data.map((s) => ({ title: s.title, description: s.description ?? '', link: s.link ?? '', button_text: s.button_text ?? '', image: s.image })),
})

/** Without a media picker: the image's URL typed in (an https:// address or a site path). */
const urlImageField: ImageFieldRenderer = ({ label, value, onChange, error, description }) => (
    <FormField label={label} error={error} hint={description}>
      {(control) => <Input {...control} value={value ?? ''} onChange={(e) => onChange(e.target.value.trim() || null)} inputMode="url" autoComplete="off" spellCheck={false} />}
    </FormField>
)

/**
 * settings/layout/carousels: the home carousel's slides (title, description, link, button text,
 * image), reordered by drag or keyboard and saved as one set. `imageField` renders each slide's image
 * picker (the media library's, composed by the route); without it the URL is typed.
 */
export function CarouselsPage({ imageField }: { imageField?: ImageFieldRenderer }) {
  const { t } = useI18n()
  const { program } = useCurrentProgram()
  const slides = useCarousels(program.id)
  if (slides.status === 'pending') {
    return (
      <Card aria-busy="true">
        <span className="sr-only">{t('form.loading')}</span>
        <Skeleton height={240} />
      </Card>
    )
  }
  if (slides.status === 'error') return <ErrorBlock title={t('table.error')} error={slides.error} onRetry={() => void slides.refetch()} />
  return <SlidesForm initial={slides.data} imageField={imageField ?? urlImageField} />
}

function SlidesForm({ initial, imageField }: { initial: CarouselList; imageField: ImageFieldRenderer }) {
  const lt = useLayoutText()
  const { t, tm } = useI18n()
  const { program } = useCurrentProgram()
  const programId = program.id
  const queryClient = useQueryClient()
  const form = useForm<Values>({ resolver: zodResolver(carouselsWriteSchema) as never, defaultValues: valuesOf(initial) })
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'carousels', keyName: 'key' })
  const current = useWatch({ control: form.control, name: 'carousels' }) ?? []
  const nameAt = (index: number) => current[index]?.title?.trim() || lt('slide', { index: index + 1 })

  const submit = async (values: Values) => {
    const saved = await saveList(form as never, () => saveCarousels(programId, values), {
      successTitle: lt('successTitle'),
      success: lt('slidesSaved'),
      errorTitle: lt('errorTitle'),
      generic: t('error.generic'),
    })
    if (!saved) return
    queryClient.setQueryData(layoutKey(programId, 'carousels'), { data: saved.data })
    form.reset(valuesOf(saved))
  }

  const full = fields.length >= MAX_CAROUSEL_SLIDES
  return (
    <Card className="layout-card">
      <CardContent>
        <p className="layout-intro">{lt('slidesSubtitle', { program: program.name })}</p>
        <Form form={form as never} onSubmit={submit as never} className="form layout-form">
          {fields.length === 0 ? (
            <EmptyState title={lt('empty')} />
          ) : (
            <SortableList
              label={lt('slideList')}
              items={fields.map((f, index) => ({ key: f.key, name: nameAt(index) }))}
              onMove={move}
              renderItem={(index, handle) => (
                <fieldset className="layout-item layout-slide">
                  <legend className="sr-only">{nameAt(index)}</legend>
                  <div className="layout-item-handle">{handle}</div>
                  <div className="layout-item-fields">
                    <InputField name={`carousels.${index}.title`} label={lt('field.title')} required autoComplete="off" />
                    <TextareaField name={`carousels.${index}.description`} label={lt('field.description')} rows={2} />
                    <div className="layout-item-pair">
                      <InputField name={`carousels.${index}.link`} label={lt('field.link')} autoComplete="off" inputMode="url" spellCheck={false} hint={lt('field.urlHint')} />
                      <InputField name={`carousels.${index}.button_text`} label={lt('field.button_text')} autoComplete="off" />
                    </div>
                    <Controller
                      control={form.control}
                      name={`carousels.${index}.image`}
                      render={({ field, formState }) => {
                        const message = tm((get(formState.errors, field.name) as { message?: string } | undefined)?.message)
                        // Called, not mounted: the renderer returns an element and holds no state of its own.
                        return (
                          <>
                            {imageField({
                              label: lt('field.image'),
                              value: field.value ?? null,
                              onChange: (url) => field.onChange(url),
                              ...(message ? { error: message } : {}),
                              description: lt('field.urlHint'),
                            })}
                          </>
                        )
                      }}
                    />
                  </div>
                  <Button variant="ghost" size="sm" className="layout-item-remove" onClick={() => remove(index)} aria-label={lt('remove', { name: nameAt(index) })}>
                    <IconClose />
                  </Button>
                </fieldset>
              )}
            />
          )}
          <div>
            <Button variant="secondary" size="sm" disabled={full} onClick={() => append({ title: '', description: '', link: '', button_text: '', image: null }, { shouldFocus: true })}>
              <IconPlus />
              {lt('addSlide')}
            </Button>
            {full && <p className="field-hint">{lt('max', { max: MAX_CAROUSEL_SLIDES })}</p>}
          </div>
          <FormErrors />
          <div className="form-actions">
            <Button variant="secondary" onClick={() => form.reset()} disabled={!form.formState.isDirty || form.formState.isSubmitting}>
              {lt('reset')}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {lt('save')}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  )
}
