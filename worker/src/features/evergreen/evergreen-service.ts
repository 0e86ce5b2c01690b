import { and, asc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { EvergreenSaveResult, EvergreenSetting, EvergreenSettingList, evergreenSettingValueWriteSchema } from '../../../../sdk/contract/console/evergreen'
import { evergreenSettings, evergreenSettingValues } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/errors'
import { bumpContentVersion, contentSaved } from '../programs/content-version'
import { batch } from '../../db/batch'

type ValueWrite = z.output<typeof evergreenSettingValueWriteSchema>

/** The program's definitions with their values (one left join, in the definitions' order). */
function settingsWithValues(scope: ProgramScope, id?: number) {
  return scope.db
    .select({ setting: evergreenSettings, valueId: evergreenSettingValues.id, active: evergreenSettingValues.active })
    .from(evergreenSettings)
    .leftJoin(
      evergreenSettingValues,
      and(eq(evergreenSettingValues.evergreenSettingId, evergreenSettings.id), eq(evergreenSettingValues.programId, evergreenSettings.programId)),
    )
    .where(scope.where(evergreenSettings, id === undefined ? undefined : eq(evergreenSettings.id, id)))
    .orderBy(asc(evergreenSettings.position), asc(evergreenSettings.id))
}

type Joined = Awaited<ReturnType<typeof settingsWithValues>>[number]
const toSetting = (r: Joined): EvergreenSetting => ({
  id: r.setting.id,
  name: r.setting.name,
  description: r.setting.description,
  field_value: { id: r.valueId ?? null, active: r.active ?? false },
})

/** GET .../evergreen_settings. */
export async function listEvergreenSettings(scope: ProgramScope): Promise<EvergreenSettingList> {
  return { data: (await settingsWithValues(scope)).map(toSetting) }
}

/** GET .../evergreen_settings/{id}: one definition of the program with its value, or 404. */
export async function evergreenSetting(scope: ProgramScope, id: number): Promise<EvergreenSetting> {
  const [row] = Number.isSafeInteger(id) && id > 0 ? await settingsWithValues(scope, id) : []
  if (!row) throw new AppError('not_found', 404, 'Evergreen setting not found', { evergreen_setting_id: 'not found' })
  return toSetting(row)
}

/**
 * POST .../evergreen_setting_values: sets one setting's value. One batch: an upsert that only writes
 * when the definition is this program's (INSERT ... SELECT from the program's definitions, so another
 * program's setting id writes nothing) and the program's content version, so the site reads it on the
 * next request. A setting id the program does not have answers 422 naming the field.
 */
export async function saveEvergreenValue(scope: ProgramScope, deps: Deps, input: ValueWrite): Promise<{ status: 200 | 422; result: EvergreenSaveResult }> {
  const { db, programId } = scope
  const now = new Date(deps.clock.now())
  const own = db
    .select({
      id: sql<null>`NULL`.as('id'),
      programId: evergreenSettings.programId,
      evergreenSettingId: evergreenSettings.id,
      active: sql<boolean>`${input.active ? 1 : 0}`.as('active'),
      updatedAt: sql<number>`${now.getTime()}`.as('updated_at'),
    })
    .from(evergreenSettings)
    .where(scope.where(evergreenSettings, eq(evergreenSettings.id, input.evergreen_setting_id)))
  const upsert = db
    .insert(evergreenSettingValues) // tenant-guard: allow (INSERT ... SELECT of the program's own definitions, scoped above)
    .select(own)
    .onConflictDoUpdate({ target: [evergreenSettingValues.programId, evergreenSettingValues.evergreenSettingId], set: { active: input.active, updatedAt: now } })
    .returning({ id: evergreenSettingValues.id })
  const [written] = (await batch(db, [upsert, bumpContentVersion(db, programId)])) as [{ id: number }[], unknown]
  if (!written.length) {
    return { status: 422, result: { success: false, errors: { evergreen_setting_id: 'Evergreen setting not found in this program' } } }
  }
  contentSaved(deps)
  return { status: 200, result: { success: true, errors: {}, data: await evergreenSetting(scope, input.evergreen_setting_id) } }
}
