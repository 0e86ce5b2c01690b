/**
 * Flash messages (participant-site.md section 2, "Flash modal"): short notices handed to the next
 * screen, shown in a modal that opens by itself. Pure rules here; the modal is flash-modal.tsx.
 */

export type Flash = { kind: string; message: string }
/** success green, error red, alert yellow, any other kind blue. */
export type FlashTone = 'success' | 'error' | 'alert' | 'info'

export const flashTone = (kind: string): FlashTone =>
  kind === 'success' || kind === 'error' || kind === 'alert' ? kind : 'info'

const TITLES: Record<FlashTone, string> = {
  success: 'Success',
  error: 'Error',
  alert: 'Alert',
  info: 'Notice',
}

/** The modal's title: the kind of a single message, 'Notifications' for several. */
export function flashTitle(messages: readonly Flash[]): string {
  if (messages.length > 1) return 'Notifications'
  return TITLES[flashTone(messages[0]?.kind ?? '')]
}

/** The query parameter: `?flash=success:Payment received` (kind, colon, message); repeatable. */
export const FLASH_PARAM = 'flash'

/**
 * Reads the flash messages of a query string and returns the query without them (so a reload does
 * not show them again). A value without a `kind:` prefix is a notice.
 * @example readFlashParams('?flash=error:Link%20expired&program=demo')
 *   // { messages: [{ kind: 'error', message: 'Link expired' }], search: '?program=demo' }
 */
export function readFlashParams(search: string): { messages: Flash[]; search: string } {
  const params = new URLSearchParams(search)
  const values = params.getAll(FLASH_PARAM)
  if (!values.length) return { messages: [], search }
  params.delete(FLASH_PARAM)
  const messages: Flash[] = []
  for (const value of values) {
    const match = /^([a-z_]{1,20}):(.*)$/s.exec(value)
    const kind = match ? match[1]! : 'notice'
    const message = (match ? match[2]! : value).trim().slice(0, 500)
    if (message) messages.push({ kind, message })
  }
  const rest = params.toString()
  return { messages, search: rest ? `?${rest}` : '' }
}
