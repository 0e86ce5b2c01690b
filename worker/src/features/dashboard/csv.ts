/**
 * CSV cells (RFC 4180) that are safe to open in a spreadsheet. Text that starts like a formula
 * (= + - @, or a tab or carriage return a spreadsheet may skip before one) could run when the file
 * is opened (CSV injection, OWASP): such a cell gets a leading apostrophe, so it shows as text, and
 * is quoted. Numbers are written as numbers (a negative number is not a formula).
 */
const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (FORMULA_START.test(value)) return `"'${value.replace(/"/g, '""')}"`
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/** One record, CRLF-terminated. */
export const csvLine = (cells: (string | number | boolean | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`
