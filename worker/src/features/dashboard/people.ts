/** How the dashboard names participants and links to console pages (admin-console-part-a.md sections 2, 3). */

export const DAY_MS = 24 * 3600 * 1000
/** "Recent" and "last 30 days" (engine-rules.md, Dashboard metrics). */
export const RECENT_DAYS = 30

export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
export const utcMonth = (ms: number) => new Date(ms).toISOString().slice(0, 7)

export const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim()

/** "Ada Lovelace" -> "Ada L.": enough to tell people apart on a shared screen. */
export const shortName = (p: { firstName: string; lastName: string }) => {
  const initial = p.lastName.trim().charAt(0)
  return initial ? `${p.firstName.trim()} ${initial.toUpperCase()}.` : p.firstName.trim()
}

/** "ada@example.com" -> "a***@example.com": dashboard viewers need not hold users view. */
export function censuredEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at <= 0) return '***'
  return `${email.charAt(0)}***${email.slice(at)}`
}

export const participantUrl = (programId: number, participantId: number) => `/admin/v2/programs/${programId}/users/${participantId}`

/** The console page of what an action is about (part B routes); null when there is none. */
export function actionableUrl(programId: number, type: string | null, id: number | null): string | null {
  if (id === null) return null
  const base = `/admin/v2/programs/${programId}`
  if (type === 'Challenge') return `${base}/challenges/${id}`
  if (type === 'Reward') return `${base}/rewards/${id}`
  if (type === 'Referral') return `${base}/referrals/${id}`
  return null
}

type PersonRow = { id: number; firstName: string; lastName: string; email: string; avatarUrl: string | null }

export const participantRef = (programId: number, p: PersonRow) => ({
  id: p.id,
  name: fullName(p),
  short_name: shortName(p),
  censured_email: censuredEmail(p.email),
  avatar_url: p.avatarUrl,
  details_url: participantUrl(programId, p.id),
})
