import { and, eq } from 'drizzle-orm'
import {
  type ProgramSettings,
  type programEnrollmentSchema,
  type programGeneralSchema,
  type programLabelsSchema,
  type programSeoSchema,
  type SettingsResult,
  TEST_MODE_LOCKED,
} from '../../../../sdk/contract/console/settings'
import type { z } from 'zod'
import { programs } from '../../db/schema'
import type { Deps } from '../../deps'
import type { ProgramRow } from '../../env'
import { AppError } from '../../lib/errors'
import { contentSaved } from '../programs/content-version'

type Saved = { status: 200 | 422; result: SettingsResult }

/** The settings screens' values of one program (section 3, Program). */
export function programSettings(row: ProgramRow): ProgramSettings {
  return {
    id: row.id,
    name: row.name,
    subdomain: row.subdomain,
    features: row.features,
    test_mode: row.testMode,
    term_points_as: row.termPointsAs,
    term_rewards_as: row.termRewardsAs,
    earn_points_icon: row.earnPointsIcon,
    current_rewards_icon: row.currentRewardsIcon,
    my_rewards_icon: row.myRewardsIcon,
    prizes_title: row.prizesTitle,
    my_account_title: row.myAccountTitle,
    seo: { title: row.seo?.title ?? null, description: row.seo?.description ?? null, image: row.seo?.image ?? null },
    override_enrollment: row.overrideEnrollment,
    program_custom_signin_url: row.programCustomSigninUrl,
  }
}

type ProgramSet = Partial<typeof programs.$inferInsert>

/**
 * One update of the program row. The programs trigger (migration 0014) moves its content version in
 * the same statement, and contentSaved() drops this process's copies: the participant site shows the
 * change on the next request.
 */
async function saveProgram(deps: Deps, programId: number, set: ProgramSet, guard?: ReturnType<typeof eq>): Promise<ProgramRow | undefined> {
  const [row] = await deps.db
    .update(programs)
    .set({ ...set, updatedAt: new Date(deps.clock.now()) })
    .where(guard ? and(eq(programs.id, programId), guard) : eq(programs.id, programId))
    .returning()
  if (row) contentSaved(deps)
  return row
}

const saved = (row: ProgramRow | undefined): Saved => {
  if (!row) throw new AppError('not_found', 404, 'Program not found')
  return { status: 200, result: { success: true, errors: {}, data: programSettings(row) } }
}

export async function updateGeneral(deps: Deps, program: ProgramRow, values: z.output<typeof programGeneralSchema>): Promise<Saved> {
  return saved(await saveProgram(deps, program.id, { name: values.name }))
}

export async function updateLabels(deps: Deps, program: ProgramRow, values: z.output<typeof programLabelsSchema>): Promise<Saved> {
  return saved(
    await saveProgram(deps, program.id, {
      termPointsAs: values.term_points_as,
      termRewardsAs: values.term_rewards_as,
      earnPointsIcon: values.earn_points_icon,
      currentRewardsIcon: values.current_rewards_icon,
      myRewardsIcon: values.my_rewards_icon,
      prizesTitle: values.prizes_title,
      myAccountTitle: values.my_account_title,
    }),
  )
}

export async function updateSeo(deps: Deps, program: ProgramRow, values: z.output<typeof programSeoSchema>): Promise<Saved> {
  const seo: { title?: string; description?: string; image?: string } = {}
  if (values.title) seo.title = values.title
  if (values.description) seo.description = values.description
  if (values.image) seo.image = values.image
  return saved(await saveProgram(deps, program.id, { seo: Object.keys(seo).length ? seo : null }))
}

export async function updateEnrollment(deps: Deps, program: ProgramRow, values: z.output<typeof programEnrollmentSchema>): Promise<Saved> {
  return saved(await saveProgram(deps, program.id, { overrideEnrollment: values.override_enrollment, programCustomSigninUrl: values.program_custom_signin_url }))
}

/**
 * Test mode switches on and never back off (section 4). Switching on is one idempotent update; a
 * request to switch off is refused while it is on (and changes nothing while it is off). The update
 * itself can only ever set it, so no interleaving of requests turns it off.
 */
export async function setTestMode(deps: Deps, program: ProgramRow, on: boolean): Promise<Saved> {
  if (on) return saved(program.testMode ? program : await saveProgram(deps, program.id, { testMode: true }))
  const [current] = await deps.db.select({ testMode: programs.testMode }).from(programs).where(eq(programs.id, program.id)).limit(1)
  if (current?.testMode) return { status: 422, result: { success: false, errors: { test_mode: TEST_MODE_LOCKED } } }
  return saved(program)
}
