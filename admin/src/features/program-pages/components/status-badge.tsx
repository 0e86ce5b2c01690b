import type { ProgramPageStatus } from '../../../../../sdk/contract/console/program-pages'
import { usePageText } from '../messages'

const TONE: Record<ProgramPageStatus, string> = { draft: 'badge-muted', published: 'badge-success', archived: 'badge-warning' }

/** Draft, Published or Archived (section 4), as a badge. */
export function StatusBadge({ status }: { status: ProgramPageStatus }) {
  const pt = usePageText()
  return <span className={`badge ${TONE[status]}`}>{pt(`status.${status}`)}</span>
}
