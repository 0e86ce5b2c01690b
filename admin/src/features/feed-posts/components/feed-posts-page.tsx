import { Link } from '@tanstack/react-router'
import { createColumnHelper } from '@tanstack/react-table'
import { useMemo, useState } from 'react'
import { Button, buttonClass } from '../../../components/ui/button'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { useServerTable } from '../../../components/ui/data-table/use-server-table'
import { IconPlus } from '../../../components/ui/icons'
import { PageHeader } from '../../../components/ui/page-header'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import { type FeedPost, feedPostsKey, fetchFeedPosts } from '../api'
import { useFeedText } from '../messages'
import { FeedUploadDialog } from './feed-upload-dialog'

const column = createColumnHelper<FeedPost>()

/**
 * settings/dynamic-feed-posts: the program's feed posts (newest first, searched by message and
 * username), New post, Edit, and the upload-JSON dialog. Reached only with the dynamic_feed_posts
 * feature on (its permission is denied while the feature is off).
 */
export function FeedPostsPage() {
  const ft = useFeedText()
  const { t } = useI18n()
  const { program } = useCurrentProgram()
  const programId = program.id
  const [uploading, setUploading] = useState(false)
  const table = useServerTable({ queryKey: feedPostsKey(programId, 'list'), fetchPage: (state, signal) => fetchFeedPosts(programId, state, signal) })
  const date = useMemo(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }), [])
  const columns = useMemo(
    () => [
      column.accessor('message', { header: ft('col.message'), cell: (c) => <span className="cell-strong">{c.getValue() || '—'}</span> }),
      column.accessor('post_type', { header: ft('col.type'), cell: (c) => <span className="badge badge-muted">{c.getValue()}</span> }),
      column.accessor('username', { header: ft('col.username'), cell: (c) => c.getValue() || '—' }),
      column.accessor('published_at', { header: ft('col.published'), cell: (c) => (c.getValue() ? <time dateTime={c.getValue()!}>{date.format(new Date(c.getValue()!))}</time> : '—') }),
      column.accessor('external_id', { header: ft('col.id'), cell: (c) => (c.getValue() ? <code>{c.getValue()}</code> : '—') }),
      column.display({
        id: 'actions',
        header: ft('col.actions'),
        meta: { align: 'end' },
        cell: (c) => (
          <Link
            className={buttonClass({ size: 'sm', variant: 'ghost' })}
            to="/programs/$programId/settings/dynamic-feed-posts/$postId/edit"
            params={{ programId, postId: c.row.original.id }}
            aria-label={`${ft('edit')} ${c.row.original.message ?? c.row.original.id}`}
          >
            {ft('edit')}
          </Link>
        ),
      }),
    ],
    [ft, date, programId],
  )
  const actions = (
    <>
      <Button size="sm" variant="secondary" onClick={() => setUploading(true)}>
        {ft('upload')}
      </Button>
      <Link className={buttonClass({ size: 'sm' })} to="/programs/$programId/settings/dynamic-feed-posts/new" params={{ programId }}>
        <IconPlus />
        {ft('newPost')}
      </Link>
    </>
  )
  return (
    <>
      <PageHeader title={ft('title')} description={ft('subtitle', { program: program.name })} actions={actions} />
      <DataTable label={ft('title')} columns={columns} {...table.props} getRowId={(row) => String(row.id)} searchPlaceholder={ft('search')} emptyMessage={t('table.empty')} />
      <FeedUploadDialog programId={programId} open={uploading} onOpenChange={setUploading} />
    </>
  )
}
