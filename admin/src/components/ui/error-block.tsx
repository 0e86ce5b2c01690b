import { errorMessage } from '../../lib/error-message'
import { useI18n } from '../../lib/i18n'
import { Button } from './button'
import { IconAlert, IconRefresh } from './icons'

type ErrorBlockProps = {
  /** Defaults to the spec's dashboard block text, 'Error! something went wrong'. */
  title?: string
  /** Shown under the title: the server's message, when it helps. */
  error?: unknown
  onRetry?: () => void
  className?: string
}

/** A block of a page that failed to load; the rest of the page keeps working (spec section 2, Dashboard). */
export function ErrorBlock({ title, error, onRetry, className }: ErrorBlockProps) {
  const { t } = useI18n()
  const detail = error === undefined ? undefined : errorMessage(error, t('error.generic'))
  return (
    <div className={className ? `block-error ${className}` : 'block-error'} role="alert">
      <IconAlert size={18} />
      <div className="block-error-text">
        <p className="block-error-title">{title ?? t('block.error')}</p>
        {detail && <p className="block-error-detail">{detail}</p>}
      </div>
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          <IconRefresh />
          {t('common.retry')}
        </Button>
      )}
    </div>
  )
}
