import { PRINT_NOTICE } from './offers-format'
import { PrinterOffIcon } from './offers-icons'

/** The footer notice of the offers screens (participant-site.md section 2). */
export function PrintNotice() {
  return (
    <p class="offers-print">
      <PrinterOffIcon size={18} />
      {PRINT_NOTICE}
    </p>
  )
}
