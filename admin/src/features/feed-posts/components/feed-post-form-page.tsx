import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useParams } from '@tanstack/react-router'
import { buttonClass } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { PageHeader } from '../../../components/ui/page-header'
import { ServerForm } from '../../../components/ui/server-form/server-form'
import { useServerForm } from '../../../components/ui/server-form/use-server-form'
import { useI18n } from '../../../lib/i18n'
import { invalidateProgram } from '../../../lib/query-client'
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
          <ServerForm form={form} cancel={cancel} />
        </CardContent>
      </Card>
    </>
  )
}
