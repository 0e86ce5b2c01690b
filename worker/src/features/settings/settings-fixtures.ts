import { asc } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { profileAttributeDefinitions, tiers } from '../../db/schema'
import { programScope } from '../../db/scope'
import type { ProgramRow } from '../../env'

/** What the permission matrix's fixtures get (worker/test/console-matrix.ts FixtureKit, the parts used here). */
type Kit = { db: Db; unique(prefix: string): string }

/** A fresh profile attribute definition of `program`; answers its id. */
export async function matrixProfileAttribute(k: Kit, program: ProgramRow): Promise<number> {
  const name = k.unique('attr')
  const [row] = await programScope(k.db, program.id)
    .insert(profileAttributeDefinitions, { displayName: name, attributeName: name.toLowerCase().replace(/[^a-z0-9]+/g, '_') })
    .returning({ id: profileAttributeDefinitions.id })
  return row!.id
}

/** The program's tiers as they are: saving them again is a valid whole-set PUT (the first two kept). */
async function currentTiers(k: Kit, program: ProgramRow) {
  const rows = await programScope(k.db, program.id).select(tiers).orderBy(asc(tiers.pointsThresholdMin), asc(tiers.id))
  return { tiers: rows.map((t) => ({ id: t.id, name: t.name, points_threshold_min: t.pointsThresholdMin, points_threshold_max: t.pointsThresholdMax })) }
}

const ATTRIBUTE = 'programs/:program_id/profile_attributes/:profile_attribute_id{[0-9]+}'
const attribute = { params: async (k: Kit, p: ProgramRow) => ({ profile_attribute_id: await matrixProfileAttribute(k, p) }) }

/** The permission-matrix lines of the program settings console (features/settings/admin.ts). */
export const settingsMatrixFixtures = {
  // With the point value and its currency (issue 27: program economics).
  'PATCH /programs/:program_id/settings/general': { body: (k: Kit) => ({ name: k.unique('Program').slice(0, 60), point_value: '0.01', currency: 'USD' }) },
  'PATCH /programs/:program_id/settings/labels': { body: () => ({ term_points_as: 'points', term_rewards_as: 'rewards' }) },
  'PATCH /programs/:program_id/settings/seo': { body: () => ({ title: 'Matrix title', description: 'Matrix description' }) },
  // With the trusted networks (issue 25): who may not manage the program writes none of them.
  'PATCH /programs/:program_id/settings/enrollment': { body: () => ({ override_enrollment: false, program_custom_signin_url: '', trusted_signin_networks: ['203.0.113.0/24', '2001:db8::/48'] }) },
  'PUT /programs/:program_id/settings/test_mode': { body: () => ({ test_mode: true }) },
  'POST /programs/:program_id/profile_attributes': { body: (k: Kit) => ({ display_name: k.unique('Attr'), attribute_field_type: 'text', active: true }) },
  [`GET /${ATTRIBUTE}`]: attribute,
  [`GET /${ATTRIBUTE}/edit`]: attribute,
  [`PUT /${ATTRIBUTE}`]: { ...attribute, body: (k: Kit) => ({ display_name: k.unique('Attr'), attribute_field_type: 'number', active: true }) },
  'PUT /programs/:program_id/program_tiers': { body: (k: Kit, p: ProgramRow) => currentTiers(k, p) },
}
