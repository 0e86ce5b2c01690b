import type { ReactNode } from 'react'
import { cx } from '../../lib/cx'
import { IconInbox } from './icons-ui'

type EmptyStateProps = {
  title: ReactNode
  description?: ReactNode
  icon?: ReactNode
  /** A call to action: a button or a link styled with buttonClass(). */
  action?: ReactNode
  /** 'page' centres a whole screen; 'block' sits inside a card or table. */
  size?: 'page' | 'block'
  className?: string
}

/** Nothing to show yet, said plainly, with the next step when there is one. */
export function EmptyState({ title, description, icon, action, size = 'block', className }: EmptyStateProps) {
  const Heading = size === 'page' ? 'h1' : 'h2'
  return (
    <div className={cx('empty-state', `empty-state-${size}`, className)}>
      <div className="empty-state-icon" aria-hidden="true">
        {icon ?? <IconInbox size={22} />}
      </div>
      <Heading className="empty-state-title">{title}</Heading>
      {description && <p className="empty-state-body">{description}</p>}
      {action && <div className="empty-state-action">{action}</div>}
    </div>
  )
}
