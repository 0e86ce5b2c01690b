import type { ReactNode } from 'react'
import { Button } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorBlock } from '../../../components/ui/error-block'
import { IconChevronLeft, IconChevronRight } from '../../../components/ui/icons-ui'
import { Skeleton } from '../../../components/ui/skeleton'
import { useI18n } from '../../../lib/i18n'
import { type Attachment, MEDIA_PAGE_SIZE, useAttachments } from '../api/media'
import { useMediaText } from '../messages'
import { IconImage } from './upload-button'

type MediaGridProps = {
  programId: number
  acceptVideo: boolean
  page: number
  onPage: (page: number) => void
  /** One tile's content under its preview: the library's Edit button, or the picker's Select button. */
  renderTile: (attachment: Attachment) => ReactNode
  /** Shown in the empty state under 'No results, upload a file!'. */
  emptyAction?: ReactNode
}

/** The program's files as a grid, 20 a page, newest first, with previous and next page. */
export function MediaGrid({ programId, acceptVideo, page, onPage, renderTile, emptyAction }: MediaGridProps) {
  const mt = useMediaText()
  const { formatNumber } = useI18n()
  const query = useAttachments(programId, page, acceptVideo)
  if (query.isError) return <ErrorBlock title={mt('loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
  if (query.isPending) {
    return (
      <ul className="media-grid" aria-busy="true">
        {Array.from({ length: 8 }, (_, i) => (
          <li key={i} className="media-tile">
            <Skeleton className="media-tile-skeleton" />
          </li>
        ))}
      </ul>
    )
  }
  const { data, meta } = query.data
  if (meta.total === 0) return <EmptyState icon={<IconImage size={22} />} title={mt('empty')} description={mt('emptyHint')} action={emptyAction} />
  const pages = Math.max(1, Math.ceil(meta.total / MEDIA_PAGE_SIZE))
  return (
    <div className="media-grid-wrap">
      <ul className="media-grid" aria-busy={query.isFetching || undefined}>
        {data.map((a) => (
          <li key={a.id} className="media-tile">
            {renderTile(a)}
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="media-pager" aria-label={mt('page', { page: formatNumber(page), pages: formatNumber(pages) })}>
          <Button variant="secondary" size="sm" className="btn-icon" aria-label={mt('previous')} disabled={page <= 1} onClick={() => onPage(page - 1)}>
            <IconChevronLeft />
          </Button>
          <span className="media-pager-label" aria-live="polite">
            {mt('page', { page: formatNumber(page), pages: formatNumber(pages) })}
          </span>
          <Button variant="secondary" size="sm" className="btn-icon" aria-label={mt('next')} disabled={page >= pages} onClick={() => onPage(page + 1)}>
            <IconChevronRight />
          </Button>
        </nav>
      )}
    </div>
  )
}
