import { useI18n } from '../../../lib/i18n'
import { Button } from '../button'
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '../icons-ui'
import { Select } from '../select'
import { PAGE_SIZES } from './table-search'

type PaginationProps = {
  total: number
  pagination: { page: number; perPage: number }
  onChange: (next: { page: number; perPage: number }) => void
  loading: boolean
}

const sizeOptions = PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))

/** "21–40 of 134", rows per page (10–50) and first/previous/next/last page buttons. */
export function DataTablePagination({ total, pagination, onChange, loading }: PaginationProps) {
  const { t, formatNumber } = useI18n()
  const { page, perPage } = pagination
  const pages = Math.max(1, Math.ceil(total / perPage))
  const from = total === 0 ? 0 : (page - 1) * perPage + 1
  const to = Math.min(total, page * perPage)
  const go = (next: number) => onChange({ page: Math.min(Math.max(1, next), pages), perPage })

  return (
    <div className="data-table-pager">
      <p className="data-table-range" aria-live="polite">
        {loading ? '\u00a0' : t('table.range', { from: formatNumber(from), to: formatNumber(to), total: formatNumber(total) })}
      </p>
      <div className="data-table-pager-controls">
        <span className="data-table-pager-label" aria-hidden="true">
          {t('table.rowsPerPage')}
        </span>
        <Select
          size="sm"
          aria-label={t('table.rowsPerPage')}
          value={String(perPage)}
          onValueChange={(value) => onChange({ page: 1, perPage: Number(value) })}
          options={sizeOptions}
          className="data-table-size"
        />
        <span className="data-table-page">{t('table.pageOf', { page: formatNumber(page), pages: formatNumber(pages) })}</span>
        <div className="data-table-pager-buttons">
          <Button variant="secondary" size="sm" className="btn-icon" aria-label={t('table.firstPage')} disabled={page <= 1} onClick={() => go(1)}>
            <IconChevronsLeft />
          </Button>
          <Button variant="secondary" size="sm" className="btn-icon" aria-label={t('table.previousPage')} disabled={page <= 1} onClick={() => go(page - 1)}>
            <IconChevronLeft />
          </Button>
          <Button variant="secondary" size="sm" className="btn-icon" aria-label={t('table.nextPage')} disabled={page >= pages} onClick={() => go(page + 1)}>
            <IconChevronRight />
          </Button>
          <Button variant="secondary" size="sm" className="btn-icon" aria-label={t('table.lastPage')} disabled={page >= pages} onClick={() => go(pages)}>
            <IconChevronsRight />
          </Button>
        </div>
      </div>
    </div>
  )
}
