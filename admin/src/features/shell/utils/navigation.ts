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
  // Settings: program (settings-program.tsx). `section` places an entry in the settings sub-navigation
  // (program, layout, branding, integrations); without it, the path decides (sectionOf).
  { id: 'general', label: 'settings.general', to: '/programs/$programId/settings/general', permission: 'program:update', scope: 'program', section: 'program' },
  { id: 'labels', label: 'settings.labels', to: '/programs/$programId/settings/labels', permission: 'program:update', scope: 'program', section: 'program' },
  { id: 'seo', label: 'settings.seo', to: '/programs/$programId/settings/seo', permission: 'program:update', scope: 'program', section: 'program' },
  { id: 'enrollment', label: 'settings.enrollment', to: '/programs/$programId/settings/enrollment', permission: 'program:manage', scope: 'program', section: 'program' },
  { id: 'data-retention', label: 'settings.dataRetention', to: '/programs/$programId/settings/data-retention', permission: 'program:manage', scope: 'program', section: 'program' },
  { id: 'profile-attributes', label: 'settings.profileAttributes', to: '/programs/$programId/settings/profile-attributes', permission: 'program:manage', scope: 'program', section: 'program' },
  // Only with the tiers feature on: tiers manage is denied while it is off (server feature gate).
  { id: 'program-tiers', label: 'settings.programTiers', to: '/programs/$programId/settings/program_tiers', permission: 'tiers:manage', scope: 'program', section: 'program' },
  { id: 'content-tags', label: 'settings.contentTags', to: '/programs/$programId/settings/content-tags', permission: 'program:update', scope: 'program' },
  { id: 'tags', label: 'settings.adminTags', to: '/programs/$programId/settings/tags', permission: 'program:update', scope: 'program' },
  { id: 'program-pages', label: 'settings.programPages', to: '/programs/$programId/settings/program-pages', permission: 'program:update', scope: 'program', section: 'program' },
  // Settings: layout (routes/layout-settings.tsx): navigation menus (the default) and carousels.
  { id: 'navigation-menus', label: 'layout.navigationMenus', to: '/programs/$programId/settings/layout/navigation-menus', permission: 'program:update', scope: 'program' },
  { id: 'carousels', label: 'layout.carousels', to: '/programs/$programId/settings/layout/carousels', permission: 'program:update', scope: 'program' },
  // Settings: integrations (routes/integrations.tsx), program update ("integrations settings").
  { id: 'social-network-pages', label: 'settings.socialPages', to: '/programs/$programId/settings/integrations/social-network-pages', permission: 'program:update', scope: 'program' },
  { id: 'offers-reward', label: 'settings.offersReward', to: '/programs/$programId/settings/integrations/offers-reward', permission: 'program:update', scope: 'program' },
  { id: 'photo-contests', label: 'settings.photoContests', to: '/programs/$programId/settings/integrations/photo-contests', permission: 'program:update', scope: 'program' },
  { id: 'aptos', label: 'settings.aptos', to: '/programs/$programId/settings/integrations/aptos', permission: 'program:update', scope: 'program' },
  { id: 'api-keys', label: 'settings.apiKeys', to: '/programs/$programId/settings/integrations/api_auths', permission: 'program:update', scope: 'program' },
  { id: 'webhooks', label: 'settings.webhooks', to: '/programs/$programId/settings/integrations/webhooks', permission: 'program:update', scope: 'program' },
  { id: 'media-library', label: 'settings.mediaLibrary', to: '/programs/$programId/settings/media-library', permission: 'program:update', scope: 'program', section: 'program' },
  { id: 'evergreen', label: 'settings.evergreen', to: '/programs/$programId/settings/evergreen', permission: 'program:update', scope: 'program' },
  // Only with the dynamic_feed_posts feature on: the permission is denied while it is off (server feature gate).
  { id: 'dynamic-feed-posts', label: 'settings.feedPosts', to: '/programs/$programId/settings/dynamic-feed-posts', permission: 'dynamic_feed_posts:manage', scope: 'program' },
  { id: 'domain-list', label: 'settings.domains', to: '/programs/$programId/settings/domain-list', permission: 'program:update', scope: 'program' },
  { id: 'branding', label: 'settings.branding', to: '/programs/$programId/settings/branding', permission: 'program:update', scope: 'program' },
  // Only with the receipts feature on: receipts manage is denied while it is off (server feature gate).
  { id: 'purchase-proof', label: 'settings.purchaseProof', to: '/programs/$programId/settings/purchase-proof', permission: 'receipts:manage', scope: 'program', section: 'program' },
] as const satisfies readonly { id: string; label: MessageKey; to: string; permission: Permission; scope: 'organization' | 'program'; section?: SettingsSection }[]

export type SettingsEntry = (typeof settingsEntries)[number]

/** The groups of the settings sub-navigation, in order (admin-console-part-b.md section 2). */
export const settingsSections = ['program', 'layout', 'branding', 'integrations'] as const
export type SettingsSection = (typeof settingsSections)[number]

/** An entry's group: its `section`, else the path's `layout`, `branding` or `integrations` segment, else program. */
export function sectionOf(entry: { to: string; section?: SettingsSection }): SettingsSection {
  if (entry.section) return entry.section
  const segment = /\/(layout|branding|integrations)(?:\/|$)/.exec(entry.to.replace('/programs/$programId', ''))?.[1]
  return (segment as SettingsSection | undefined) ?? 'program'
}

/**
 * The settings sub-navigation beside every program settings screen: the program's settings entries
 * the user may open (each by its own permission), grouped by section. Built from settingsEntries, so
 * a screen added there shows here too.
 */
export function settingsSubnav(programPermissions: readonly string[]) {
  const entries = settingsEntries.filter((entry) => entry.scope === 'program' && can(programPermissions, entry.permission))
  return settingsSections
    .map((section) => ({ section, entries: entries.filter((entry) => sectionOf(entry as { to: string; section?: SettingsSection }) === section) }))
    .filter((group) => group.entries.length > 0)
}

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
