import type { FeatureName } from '../../../../sdk/contract/program'
import type { AdminRow, ProgramRow } from '../../env'

/** Resources and their actions (admin-console-part-a.md section 6). Anything else is denied. */
export const permissionCatalog = {
  dashboard: ['view'],
  users: ['view', 'manage'],
  rewards: ['view', 'create', 'update', 'manage'],
  challenges: ['view', 'create', 'update', 'manage'],
  receipts: ['view', 'update', 'manage'],
  referrals: ['view'],
  program: ['update', 'manage'],
  organization: ['view', 'manage'],
  super_admin: ['view', 'manage'],
  global_search: ['view'],
  dynamic_feed_posts: ['manage'],
  tiers: ['manage'],
} as const satisfies Record<string, readonly string[]>

export type Resource = keyof typeof permissionCatalog
export type Action = (typeof permissionCatalog)[Resource][number]
export type Grant = { resource: string; action: string }

/** A program feature that is off denies its resource to everyone, super admins included. */
export const featureGates: Partial<Record<Resource, FeatureName>> = {
  receipts: 'receipts',
  dynamic_feed_posts: 'dynamic_feed_posts',
  tiers: 'tiers',
}

const ORGANIZATION_LEVEL = new Set<Resource>(['organization'])
const SUPER_ADMIN_ONLY = new Set<Resource>(['super_admin'])

export function isKnownPermission(resource: string, action: string): resource is Resource {
  const actions = (permissionCatalog as Record<string, readonly string[]>)[resource]
  return Boolean(actions?.includes(action))
}

/**
 * Decides one permission for an admin on a program. Order: unknown pairs are denied; a feature that
 * is off denies; super admins may do everything; super_admin resources need a super admin;
 * organization admins may do everything in their organization; others need a grant, where `manage`
 * on a resource implies its other actions.
 */
export function can(admin: AdminRow, program: ProgramRow | null, grants: Grant[], resource: string, action: string): boolean {
  if (!isKnownPermission(resource, action)) return false
  const feature = featureGates[resource]
  if (feature && program && !program.features[feature]) return false
  if (admin.isSuperAdmin) return true
  if (SUPER_ADMIN_ONLY.has(resource)) return false
  if (program && program.organizationId !== admin.organizationId) return false
  if (admin.isOrganizationAdmin) return true
  if (ORGANIZATION_LEVEL.has(resource)) return false
  return grants.some((g) => g.resource === resource && (g.action === action || g.action === 'manage'))
}

/** Every allowed pair, for the console's bootstrap (user permissions). */
export function listPermissions(admin: AdminRow, program: ProgramRow | null, grants: Grant[]): string[] {
  const out: string[] = []
  for (const [resource, actions] of Object.entries(permissionCatalog)) {
    for (const action of actions) if (can(admin, program, grants, resource, action)) out.push(`${resource}:${action}`)
  }
  return out
}
