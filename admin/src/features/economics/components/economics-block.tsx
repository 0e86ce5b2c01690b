import type { ReactNode } from 'react'
import { buttonClass } from '../../../components/ui/button'
import { DashboardBlock } from '../../dashboard'
import { type BlockState, type EconomicsBlock, economicsCsvUrl } from '../api/economics'
import { useEconomicsText } from '../messages'
import type { Period } from '../period'

type Props<T> = {
  programId: number
  block: EconomicsBlock
  period: Period
  state: BlockState<T>
  title: string
  description?: string
  /** What the Export CSV link exports, for screen readers ("Export CSV of earn and burn by source"). */
  csvLabel: string
  lines?: number
  className?: string
  children: (data: T) => ReactNode
}

/**
 * One block of Economics: the dashboard's block (its own loading, failure with the server's message,
 * and retry of this block alone) with an Export CSV link to the block's table for the period shown.
 */
export function EconomicsBlockCard<T>({ programId, block, period, state, title, description, csvLabel, lines, className, children }: Props<T>) {
  const et = useEconomicsText()
  return (
    <DashboardBlock
      title={title}
      {...(description ? { description } : {})}
      status={state.status}
      error={state.error}
      onRetry={state.retry}
      lines={lines ?? 6}
      className={className ? `economics-block ${className}` : 'economics-block'}
      actions={
        <a className={buttonClass({ variant: 'secondary', size: 'sm' })} href={economicsCsvUrl(programId, block, period)} download>
          {et('exportCsv')}
          <span className="sr-only"> {et('exportCsvOf', { table: csvLabel.toLowerCase() })}</span>
        </a>
      }
    >
      {state.data !== undefined && children(state.data)}
    </DashboardBlock>
  )
}

/** A wide table in its block: it scrolls sideways inside the card on a narrow screen (focusable, so a keyboard can scroll it). */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="economics-table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  )
}
