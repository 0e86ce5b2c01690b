/** Dates as the widgets show them ('Nov 20, 2026'); ui/time.ts has the activity times. */

const dateFormat = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' })
const dateTimeFormat = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

/** 'Nov 20, 2026'; empty for an invalid date. */
export function formatDate(iso: string | null | undefined): string {
  const d = iso ? new Date(iso) : null
  return d && !Number.isNaN(d.getTime()) ? dateFormat.format(d) : ''
}

/** 'Nov 20, 2026, 3:04 PM'; empty for an invalid date. */
export function formatDateTime(iso: string | null | undefined): string {
  const d = iso ? new Date(iso) : null
  return d && !Number.isNaN(d.getTime()) ? dateTimeFormat.format(d) : ''
}
