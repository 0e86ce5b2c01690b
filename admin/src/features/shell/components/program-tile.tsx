import { cx } from '../../../lib/cx'
import { initials } from '../utils/navigation'

const PALETTE_SIZE = 6

/** A program's initials on one of a few tile colours, stable per program id. */
export function ProgramTile({ id, name, size = 'md' }: { id: number; name: string; size?: 'sm' | 'md' }) {
  return (
    <span className={cx('program-tile', `program-tile-${size}`, `tile-c${id % PALETTE_SIZE}`)} aria-hidden="true">
      {initials(name)}
    </span>
  )
}
