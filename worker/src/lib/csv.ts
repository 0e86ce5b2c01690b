/**
 * CSV cells for spreadsheets (RFC 4180, comma separated). A text cell that starts with = + - @, a tab
 * or a carriage return would run as a formula in Excel, LibreOffice or Sheets (OWASP "CSV injection"):
 * it is written with a leading apostrophe, inside quotes, so it shows as text. Importing reverses
 * exactly that (unescapeCell), so an exported file imports back unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

export type CsvValue = string | number | boolean | null | undefined

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  // Numbers and booleans are ours, never user text: a negative number stays a number.
  if (typeof value !== 'string') return String(value)
  const neutral = FORMULA_START.test(value)
  const text = neutral ? `'${value}` : value
  return neutral || NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const csvLine = (cells: CsvValue[]) => `${cells.map(csvCell).join(',')}\r\n`

/** The inverse of csvCell's neutralising apostrophe, for cells read back from a file. */
export const unescapeCell = (cell: string) => (cell.length > 1 && cell[0] === "'" && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell)
