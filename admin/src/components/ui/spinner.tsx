import { cx } from '../../lib/cx'

export function Spinner({ className, label }: { className?: string; label?: string }) {
  if (label) return <span className={cx('spinner', className)} role="status" aria-label={label} />
  return <span className={cx('spinner', className)} aria-hidden="true" />
}
