import type { Permission } from './authorization'
import type { MessageKey } from './i18n'

/** The program-level areas of the console and the view permission each needs (spec section 6). */
export const programAreas = [
  { id: 'dashboard', permission: 'dashboard:view', label: 'nav.dashboard' },
  { id: 'users', permission: 'users:view', label: 'nav.users' },
  { id: 'challenges', permission: 'challenges:view', label: 'nav.challenges' },
  { id: 'rewards', permission: 'rewards:view', label: 'nav.rewards' },
  { id: 'receipts', permission: 'receipts:view', label: 'nav.receipts' },
  { id: 'referrals', permission: 'referrals:view', label: 'nav.referrals' },
] as const satisfies readonly { id: string; permission: Permission; label: MessageKey }[]

export type ProgramArea = (typeof programAreas)[number]
export type ProgramAreaId = ProgramArea['id']

export const findProgramArea = (id: string): ProgramArea | undefined => programAreas.find((a) => a.id === id)
