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
import type { ProgramScope } from '../../db/scope'
import { checkedUpload, storeAttachment } from '../media/media-service'
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
    trusted_signin_networks: row.trustedSigninNetworks ?? [],
    point_value: row.pointValueMicros === null ? null : row.pointValueMicros / 1_000_000,
    currency: row.pointValueMicros === null ? null : row.pointValueCurrency,
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
  // The point value and its currency go together (the schema checks both or neither); left out, they stay.
  const pointValue = values.point_value === undefined && values.currency === undefined ? {} : { pointValueMicros: values.point_value ?? null, pointValueCurrency: values.currency ?? null }
  return saved(await saveProgram(deps, program.id, { name: values.name, ...pointValue }))
}

/** The labels' image fields: each may come as a file in a multipart form (section 7, "labels (multipart)"). */
export const LABEL_ICONS = ['earn_points_icon', 'current_rewards_icon', 'my_rewards_icon'] as const
type LabelIcon = (typeof LABEL_ICONS)[number]
export type LabelIconFiles = Partial<Record<LabelIcon, File>>

/**
 * Takes the icon files out of a labels body: the other values validate first, with the contract; an
 * empty file part (no file chosen) keeps the saved icon.
 */
export function labelIconFiles(program: ProgramRow, body: Record<string, unknown>): { values: Record<string, unknown>; files: LabelIconFiles } {
  const values = { ...body }
  const files: LabelIconFiles = {}
  for (const field of LABEL_ICONS) {
    const value = body[field]
    if (!(value instanceof File)) continue
    if (value.size === 0 && !value.name) values[field] = programSettings(program)[field]
    else {
      files[field] = value
      values[field] = null
    }
  }
  return { values, files }
}

/**
 * PATCH .../settings/labels. Icon files are checked as the media library checks uploads (a refusal
 * names the icon's field), all of them before any is stored, then stored in the library; the icon is
 * the stored file's URL.
 */
export async function updateLabels(scope: ProgramScope, deps: Deps, program: ProgramRow, input: z.output<typeof programLabelsSchema>, files: LabelIconFiles = {}): Promise<Saved> {
  const values = { ...input }
  const uploads = await Promise.all(Object.entries(files).map(async ([field, file]) => ({ field: field as LabelIcon, upload: await checkedUpload(file, { video: false, field }) })))
  for (const { field, upload } of uploads) values[field] = (await storeAttachment(scope, deps, upload)).public_url
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

/** PATCH .../settings/enrollment. Trusted networks not sent stay as saved; an empty list clears them. */
export async function updateEnrollment(deps: Deps, program: ProgramRow, values: z.output<typeof programEnrollmentSchema>): Promise<Saved> {
  const set: ProgramSet = { overrideEnrollment: values.override_enrollment, programCustomSigninUrl: values.program_custom_signin_url }
  if (values.trusted_signin_networks) set.trustedSigninNetworks = values.trusted_signin_networks.length ? values.trusted_signin_networks : null
  return saved(await saveProgram(deps, program.id, set))
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
