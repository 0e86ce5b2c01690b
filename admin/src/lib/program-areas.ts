import type { Permission } from './authorization'
import type { MessageKey } from './i18n'

/**
 * The program-level areas that have routes, in the spec's navigation order, with the view permission
 * each needs (spec section 6). A feature team adds its area here when it adds the area's route
 * (challenges, rewards, referrals...): the top navigation, the landing rule and the command palette
 * all read this list, so nothing links to a page that does not exist.
 */
export const programAreas = [
  { id: 'dashboard', permission: 'dashboard:view', label: 'nav.dashboard', to: '/programs/$programId/dashboard' },
  { id: 'users', permission: 'users:view', label: 'nav.users', to: '/programs/$programId/users' },
  { id: 'challenges', permission: 'challenges:view', label: 'nav.challenges', to: '/programs/$programId/challenges' },
  { id: 'rewards', permission: 'rewards:view', label: 'nav.rewards', to: '/programs/$programId/rewards' },
  { id: 'receipts', permission: 'receipts:view', label: 'nav.receipts', to: '/programs/$programId/receipts' },
  { id: 'referrals', permission: 'referrals:view', label: 'nav.referrals', to: '/programs/$programId/referrals' },
] as const satisfies readonly { id: string; permission: Permission; label: MessageKey; to: string }[]

export type ProgramArea = (typeof programAreas)[number]
export type ProgramAreaId = ProgramArea['id']

export const findProgramArea = (id: string): ProgramArea | undefined => programAreas.find((a) => a.id === id)
