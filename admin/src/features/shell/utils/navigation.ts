import { can, type Permission } from '../../../lib/authorization'
import type { MessageKey } from '../../../lib/i18n'
import { type ProgramArea, programAreas } from '../../../lib/program-areas'

/** Top navigation tabs the user may open on a program: each tab needs its area's view permission. */
export function visibleNavItems(
  permissions: readonly string[],
  areas: readonly ProgramArea[] = programAreas,
): ProgramArea[] {
  return areas.filter((area) => can(permissions, area.permission))
}

/**
 * The Settings dropdown (spec section 6: its entries need program manage, and each its own
 * permission). It lists only pages that exist; the settings screens of the other spec document
 * (program, layout, branding, integrations) add their entries here with their routes.
 */
export const settingsEntries = [
  { id: 'programs', label: 'settings.programs', to: '/organization/programs', permission: 'organization:view', scope: 'organization' },
  { id: 'admins', label: 'settings.admins', to: '/organization/admins', permission: 'organization:view', scope: 'organization' },
  { id: 'features', label: 'settings.features', to: '/organization/features', permission: 'super_admin:view', scope: 'organization' },
  // Program settings (part B): checked against the current program's permissions, linked with its id.
  { id: 'content-tags', label: 'settings.contentTags', to: '/programs/$programId/settings/content-tags', permission: 'program:update', scope: 'program' },
  { id: 'tags', label: 'settings.adminTags', to: '/programs/$programId/settings/tags', permission: 'program:update', scope: 'program' },
] as const satisfies readonly { id: string; label: MessageKey; to: string; permission: Permission; scope: 'organization' | 'program' }[]

export type SettingsEntry = (typeof settingsEntries)[number]

/**
 * Nothing without program manage on the current program; else the entries the user may open:
 * organization entries by the organization's permissions, program entries by the program's.
 */
export function visibleSettingsEntries(programPermissions: readonly string[], organizationPermissions: readonly string[]) {
  if (!can(programPermissions, 'program:manage')) return []
  return settingsEntries.filter((entry) => can(entry.scope === 'program' ? programPermissions : organizationPermissions, entry.permission))
}

/** Link props of an entry: a program entry carries the current program's id. */
export const settingsLink = (entry: SettingsEntry, programId: number | undefined) =>
  entry.scope === 'program' ? ({ to: entry.to, params: { programId: programId! } } as const) : ({ to: entry.to } as const)

/** Program switcher search: case- and accent-insensitive match on the name or subdomain. */
export function filterPrograms<P extends { name: string; subdomain_url?: string }>(
  programs: readonly P[],
  query: string,
): P[] {
  const needle = fold(query.trim())
  if (!needle) return [...programs]
  return programs.filter((p) => fold(p.name).includes(needle) || fold(p.subdomain_url ?? '').includes(needle))
}

export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

/** Two letters for a program tile or an avatar. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? '?').slice(0, 2)
  return letters.toUpperCase()
}
