import type { Db } from '../src/db/client'
import { importJobs, participantProfileAttributes, participants, profileAttributeDefinitions } from '../src/db/schema'
import { programScope } from '../src/db/scope'
import type { AdminRow, ProgramRow } from '../src/env'
import type { ConsolePermission, ConsoleRoute } from '../src/features/console/console-router'
import { featureGates, permissionCatalog, type Resource } from '../src/features/console/permissions'
import { adminBrowser, ALL_FEATURES_ON, makeAdmin, makeOrganization, makeProgram } from './console-fixtures'
import type { makeTestApp, TestBrowser } from './helpers'

/**
 * The machinery of the permission-matrix test (console-permissions-suite.ts): the world of programs
 * and admins, the permission sets of section 6, the expected answer of each call, and the check that
 * a refused call wrote nothing. The per-route fixtures live in the test itself.
 */

type TestApp = Awaited<ReturnType<typeof makeTestApp>>
export type Params = Record<string, string | number>

export type FixtureKit = {
  db: Db
  /** The program the matrix admins hold their grants on. */
  own: ProgramRow
  /** A program of another organization. */
  foreign: ProgramRow
  unique(prefix: string): string
  /** A fresh participant of `program`; answers its id. */
  participant(program: ProgramRow): Promise<number>
  /** A finished participant import of `program`; answers its id. */
  importJob(program: ProgramRow): Promise<number>
  /** A participant of `program` with a value for the program's profile attribute 'Matrix color'. */
  profileAttribute(program: ProgramRow): Promise<{ participant_id: number; attribute_id: number }>
}

export type Fixture = {
  params?: (kit: FixtureKit, program: ProgramRow) => Params | Promise<Params>
  body?: (kit: FixtureKit, program: ProgramRow) => unknown
  query?: string
  otherProgramBody?: { body: (kit: FixtureKit) => unknown; status: number }
  /** A rule of section 6 beyond the route's permission, checked in its handler: one of these pairs too. */
  alsoNeeds?: [Resource, string][]
  /** What an allowed call answers when that is not 2xx (say why next to it). */
  allowedStatus?: number
}

/** The route's fixture, the default for a GET whose only parameter is :program_id, or an error naming the line to add. */
export function fixtureFor(fixtures: Record<string, Fixture>, route: Pick<ConsoleRoute, 'method' | 'path'>): Fixture {
  const key = `${route.method} ${route.path}`
  const own = fixtures[key]
  if (own) return own
  const childParams = (route.path.match(/:\w+/g) ?? []).filter((p) => p !== ':program_id')
  if (route.method === 'GET' && childParams.length === 0) return {}
  throw new Error(`No permission-matrix fixture for "${key}": add one line for it to FIXTURES in worker/test/console-permissions-suite.ts`)
}

/** Who calls: section 6's permission sets, each an admin of the own organization unless said. */
export type MatrixSet = { name: string; organization: 'own' | 'other'; organizationAdmin?: boolean; superAdmin?: boolean; grants?: string[] }

export function permissionSets(): MatrixSet[] {
  const singles = Object.entries(permissionCatalog).flatMap(([resource, actions]) =>
    actions.map((action): MatrixSet => ({ name: `only ${resource}:${action}`, organization: 'own', grants: [`${resource}:${action}`] })),
  )
  return [
    { name: 'no grants', organization: 'own', grants: [] },
    ...singles,
    { name: 'receipts-only', organization: 'own', grants: ['receipts:view', 'receipts:update', 'receipts:manage'] },
    { name: 'organization admin', organization: 'own', organizationAdmin: true },
    { name: 'super admin', organization: 'own', superAdmin: true },
    { name: 'admin of another organization', organization: 'other', organizationAdmin: true },
  ]
}

export type MatrixAdmin = { set: MatrixSet; admin: AdminRow; browser: TestBrowser; grants: [number, string][] }

const NO_FEATURES = Object.fromEntries(Object.keys(ALL_FEATURES_ON).map((k) => [k, false])) as Record<keyof typeof ALL_FEATURES_ON, false>

/**
 * Programs: `own` (the grants), `sibling` (same organization, no grants), `featuresOff` (same
 * organization, every feature off, the same grants as own), `foreign` (another organization).
 */
export async function buildWorld(t: TestApp) {
  // No background work (outbox deliveries, import runs) may write while refusals are being watched:
  // the test app is made with enqueue hooks that leave the work queued (see makeMatrixApp).
  const ownOrg = await makeOrganization(t, 'Matrix Own Org')
  const otherOrg = await makeOrganization(t, 'Matrix Other Org')
  const own = await makeProgram(t, ownOrg.id, { name: 'Matrix Own' })
  const sibling = await makeProgram(t, ownOrg.id, { name: 'Matrix Sibling' })
  const featuresOff = await makeProgram(t, ownOrg.id, { name: 'Matrix Features Off', features: NO_FEATURES })
  const foreign = await makeProgram(t, otherOrg.id, { name: 'Matrix Foreign' })
  const admins: MatrixAdmin[] = []
  for (const set of permissionSets()) {
    const grants = (set.grants ?? []).flatMap((pair): [number, string][] => [
      [own.id, pair],
      [featuresOff.id, pair],
    ])
    const admin = await makeAdmin(t, {
      organizationId: set.organization === 'own' ? ownOrg.id : otherOrg.id,
      organizationAdmin: set.organizationAdmin ?? false,
      superAdmin: set.superAdmin ?? false,
      grants,
    })
    const browser = await adminBrowser(t, admin)
    await browser.fetchCsrf()
    admins.push({ set, admin, browser, grants })
  }
  const anonymous = t.browser()
  await anonymous.fetchCsrf()
  return { t, ownOrg, otherOrg, own, sibling, featuresOff, foreign, admins, anonymous, kit: fixtureKit(t.db, own, foreign) }
}
export type World = Awaited<ReturnType<typeof buildWorld>>

/** The test app of the matrix: queued work stays queued, so every write seen is the request's own. */
export const matrixDeps = { enqueue: async () => {}, enqueueImport: async () => {} }

let serial = 0
export function fixtureKit(db: Db, own: ProgramRow, foreign: ProgramRow): FixtureKit {
  const unique = (prefix: string) => `${prefix}${++serial}${Math.random().toString(36).slice(2, 6)}`
  return {
    db,
    own,
    foreign,
    unique,
    async participant(program) {
      const [row] = await programScope(db, program.id)
        .insert(participants, { email: `${unique('p')}@example.com`, firstName: 'Matrix', lastName: 'Participant', referralCode: unique('R').toUpperCase() })
        .returning({ id: participants.id })
      return row!.id
    },
    async profileAttribute(program) {
      const scope = programScope(db, program.id)
      await scope.insert(profileAttributeDefinitions, { displayName: 'Matrix color', attributeName: 'matrix_color' }).onConflictDoNothing()
      const participantId = await this.participant(program)
      const [row] = await scope
        .insert(participantProfileAttributes, { participantId, name: 'matrix_color', value: 'blue' })
        .returning({ id: participantProfileAttributes.id })
      return { participant_id: participantId, attribute_id: row!.id }
    },
    async importJob(program) {
      const [row] = await programScope(db, program.id)
        .insert(importJobs, { status: 'done', options: {}, fileName: 'matrix.csv', fileHash: unique('h') })
        .returning({ id: importJobs.id })
      return row!.id
    },
  }
}

/**
 * Section 6 as the test states it, independently of permissions.ts: a feature that is off denies its
 * resource; super admins may do everything else; super_admin needs a super admin; nothing crosses an
 * organization; organization admins may do everything in theirs; organization-level resources need
 * one; others need a grant on that very program, `manage` implying the resource's other actions.
 * Routes for any signed-in admin ('signed_in') on a program path still need access to the program.
 */
export function expectedAllowed(a: MatrixAdmin, permission: ConsolePermission, program: ProgramRow | null): boolean {
  const { admin, grants } = a
  const onProgram = (pid: number) => grants.filter(([p]) => p === pid).map(([, pair]) => pair)
  if (permission === 'signed_in') {
    if (!program) return true
    return admin.isSuperAdmin || (program.organizationId === admin.organizationId && (admin.isOrganizationAdmin || onProgram(program.id).length > 0))
  }
  const [resource, action] = permission
  const feature = featureGates[resource as Resource]
  if (program && feature && !program.features[feature]) return false
  if (admin.isSuperAdmin) return true
  if (resource === 'super_admin') return false
  if (program && program.organizationId !== admin.organizationId) return false
  if (admin.isOrganizationAdmin) return true
  if (resource === 'organization' || !program) return false
  return onProgram(program.id).some((pair) => pair === `${resource}:${action}` || pair === `${resource}:manage`)
}

/** Rows written so far (triggers included), on either database: a write shows as a change. */
export async function totalChanges(t: TestApp): Promise<number> {
  return t.rowsWritten()
}
