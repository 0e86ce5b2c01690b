import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useParams } from '@tanstack/react-router'
import { buttonClass } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { PageHeader } from '../../../components/ui/page-header'
import { ServerForm } from '../../../components/ui/server-form/server-form'
import { useServerForm } from '../../../components/ui/server-form/use-server-form'
import { useI18n } from '../../../lib/i18n'
import { invalidateProgram } from '../../../lib/query-client'
import { type TagFamily, tagCollection, tagsBase } from '../api/tags'
import { useTagText } from '../messages'

type Props = { family: TagFamily; mode: 'create' | 'update' }

/**
 * New and edit of a content tag (name, active) or an admin tag (name): the generic form calls of
 * section 7 (GET new or edit, then POST or PUT). Field errors name the field ('Name is required',
 * 'Name has already been taken'); a save goes to the tag's detail.
 */
export function TagFormPage({ family, mode }: Props) {
  const tt = useTagText()
  const { t } = useI18n()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { programId, tagId } = useParams({ strict: false }) as { programId: number; tagId?: number }
  const base = tagsBase(programId, family)
  const form = useServerForm({
    path: mode === 'create' ? `${base}/new` : `${base}/${tagId}/edit`,
    submitPath: mode === 'create' ? base : `${base}/${tagId}`,
    model: tt(family === 'content' ? 'contentModel' : 'adminModel'),
    mode,
    errorTitle: t('form.errorTitlePartB'),
    onSuccess: (result) => {
      const id = (result as { data?: { id?: number } }).data?.id ?? tagId
      // The tag, and the challenges and rewards it was renamed on, are read again.
      void invalidateProgram(queryClient, programId, tagCollection(family))
      void invalidateProgram(queryClient, programId, 'challenges')
      void invalidateProgram(queryClient, programId, 'rewards')
      if (id === undefined) return
      void (family === 'content'
        ? navigate({ to: '/programs/$programId/settings/content-tags/$tagId', params: { programId, tagId: id } })
        : navigate({ to: '/programs/$programId/settings/tags/$tagId', params: { programId, tagId: id } }))
    },
  })
  const title = tt(family === 'content' ? (mode === 'create' ? 'newContentTag' : 'editContentTag') : mode === 'create' ? 'newAdminTag' : 'editAdminTag')
  const cancel =
    family === 'content' ? (
      <Link className={buttonClass({ variant: 'secondary' })} to="/programs/$programId/settings/content-tags" params={{ programId }}>
        {t('common.cancel')}
      </Link>
    ) : (
      <Link className={buttonClass({ variant: 'secondary' })} to="/programs/$programId/settings/tags" params={{ programId }}>
        {t('common.cancel')}
      </Link>
    )
  return (
    <>
      <PageHeader title={title} />
      <Card className="form-card">
        <CardContent>
          <ServerForm form={form} cancel={cancel} />
        </CardContent>
      </Card>
    </>
  )
}
