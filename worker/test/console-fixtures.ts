import { eq } from 'drizzle-orm'
import { adminProgramPermissions, adminUsers, organizations, programs, programTemplateDetails } from '../src/db/schema'
import type { ProgramFeatures } from '../src/db/schema/programs'
import { programScope } from '../src/db/scope'
import type { AdminRow, ProgramRow } from '../src/env'
import { createAdminSession } from '../src/features/signin/sessions'
import type { makeTestApp, TestBrowser } from './helpers'

type TestApp = Awaited<ReturnType<typeof makeTestApp>>

export const ALL_FEATURES_ON: ProgramFeatures = {
  social_network_posts: true,
  donation_challenge: true,
  offers_reward: true,
  otp_login: true,
  receipts: true,
  dynamic_feed_posts: true,
  tiers: true,
}

let serial = 0
const unique = (prefix: string) => `${prefix}-${++serial}-${Math.random().toString(36).slice(2, 7)}`

export async function makeOrganization(t: TestApp, name = unique('Org')) {
  const [org] = await t.db.insert(organizations).values({ name }).returning()
  return org!
}

/** A program of `organizationId` (every feature on unless told), with its template row. */
export async function makeProgram(t: TestApp, organizationId: number, opts: { name?: string; features?: Partial<ProgramFeatures> } = {}): Promise<ProgramRow> {
  const key = unique('prog')
  const [program] = await t.db
    .insert(programs)
    .values({
      organizationId,
      name: opts.name ?? key,
      publicKey: key,
      subdomain: key,
      features: { ...ALL_FEATURES_ON, ...opts.features },
      enrollment: { requires_referral_review: false, allow_signup: true, signup_postal_required: false },
    })
    .returning()
  await programScope(t.db, program!.id).insert(programTemplateDetails, { elementCssStyle: {} })
  return program!
}

export type AdminSpec = {
  organizationId: number
  email?: string
  organizationAdmin?: boolean
  superAdmin?: boolean
  /** `[programId, 'resource:action']` pairs. */
  grants?: [number, string][]
}

/** An admin row with exactly the given grants. */
export async function makeAdmin(t: TestApp, spec: AdminSpec): Promise<AdminRow> {
  const [admin] = await t.db
    .insert(adminUsers)
    .values({
      organizationId: spec.organizationId,
      email: spec.email ?? `${unique('admin')}@example.com`,
      firstName: 'Test',
      lastName: 'Admin',
      isOrganizationAdmin: spec.organizationAdmin ?? false,
      isSuperAdmin: spec.superAdmin ?? false,
    })
    .returning()
  for (const [programId, pair] of spec.grants ?? []) {
    const [resource, action] = pair.split(':') as [string, string]
    await programScope(t.db, programId).insert(adminProgramPermissions, { adminUserId: admin!.id, resource, action })
  }
  return admin!
}

/** A browser signed in as the admin (a session made directly: no mail, no sign-in limits). */
export async function adminBrowser(t: TestApp, admin: AdminRow): Promise<TestBrowser> {
  const b = t.browser()
  b.cookies.set('tessera_admin', await createAdminSession(t.db, admin.id, t.clock.now()))
  return b
}

export async function programByKey(t: TestApp, key: string): Promise<ProgramRow> {
  const [program] = await t.db.select().from(programs).where(eq(programs.publicKey, key))
  return program!
}
