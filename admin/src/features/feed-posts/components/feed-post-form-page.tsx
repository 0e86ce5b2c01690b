import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useParams } from '@tanstack/react-router'
import { Controller, useFormContext } from 'react-hook-form'
import type { FormField } from '../../../../../sdk/contract/console/forms'
import { buttonClass } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { PageHeader } from '../../../components/ui/page-header'
import { ServerForm } from '../../../components/ui/server-form/server-form'
import { useServerForm } from '../../../components/ui/server-form/use-server-form'
import { useI18n } from '../../../lib/i18n'
import { invalidateProgram } from '../../../lib/query-client'
import { MediaField } from '../../media'
import { feedPostsBase } from '../api'
import { useFeedText } from '../messages'

/** New and edit of a feed post: the generic form calls (GET new or edit, then POST or PUT). */
export function FeedPostFormPage({ mode }: { mode: 'create' | 'update' }) {
  const ft = useFeedText()
  const { t } = useI18n()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { programId, postId } = useParams({ strict: false }) as { programId: number; postId?: number }
  const base = feedPostsBase(programId)
  const form = useServerForm({
    path: mode === 'create' ? `${base}/new` : `${base}/${postId}/edit`,
    submitPath: mode === 'create' ? base : `${base}/${postId}`,
    model: ft('model'),
    mode,
    errorTitle: t('form.errorTitlePartB'),
    onSuccess: () => {
      void invalidateProgram(queryClient, programId, 'dynamic_feed_posts')
      void navigate({ to: '/programs/$programId/settings/dynamic-feed-posts', params: { programId } })
    },
  })
  const cancel = (
    <Link className={buttonClass({ variant: 'secondary' })} to="/programs/$programId/settings/dynamic-feed-posts" params={{ programId }}>
      {t('common.cancel')}
    </Link>
  )
  return (
    <>
      <PageHeader title={ft(mode === 'create' ? 'newPost' : 'editPost')} />
      <Card className="form-card">
        <CardContent>
          <ServerForm form={form} cancel={cancel} renderField={(field) => (field.name === 'media_path' ? <FeedMediaField programId={programId} field={field} /> : undefined)} />
        </CardContent>
      </Card>
    </>
  )
}

/**
 * The post's media (media_path), picked from the program's media library or uploaded into it: an image,
 * or a video for video posts. A path set elsewhere (an imported post's URL) shows until it is changed.
 */
function FeedMediaField({ programId, field }: { programId: number; field: FormField }) {
  const { control } = useFormContext()
  const { tm } = useI18n()
  return (
    <Controller
      control={control}
      name={field.name}
      render={({ field: input, fieldState }) => (
        <MediaField
          programId={programId}
          label={field.label}
          accept="image-or-video"
          required={field.required}
          value={typeof input.value === 'string' && input.value ? input.value : null}
          onChange={(url) => input.onChange(url ?? '')}
          {...(fieldState.error?.message ? { error: tm(fieldState.error.message) ?? fieldState.error.message } : {})}
        />
      )}
    />
  )
}
