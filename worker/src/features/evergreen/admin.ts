import { evergreenSettingValueWriteSchema } from '../../../../sdk/contract/console/evergreen'
import { readBody } from '../../lib/parse'
import { consoleRoutes } from '../console/console-router'
import { validateForm } from '../console/forms'
import { evergreenSetting, listEvergreenSettings, saveEvergreenValue } from './evergreen-service'

const BASE = '/programs/:program_id'

/**
 * Evergreen settings (admin-console-part-b.md section 2, settings evergreen: list and {id} edit;
 * section 7, POST .../evergreen_setting_values). Program settings: program update (section 6).
 */
export const evergreenConsole = consoleRoutes()
  .get(`${BASE}/evergreen_settings`, ['program', 'update'], async (c) => c.json(await listEvergreenSettings(c.var.scope)))
  .get(`${BASE}/evergreen_settings/:setting_id{[0-9]+}`, ['program', 'update'], async (c) =>
    c.json({ data: await evergreenSetting(c.var.scope, Number(c.req.param('setting_id'))) }),
  )
  .post(`${BASE}/evergreen_setting_values`, ['program', 'update'], async (c) => {
    const form = validateForm(evergreenSettingValueWriteSchema, await readBody(c))
    if (!form.ok) return c.json(form.result, 422)
    const saved = await saveEvergreenValue(c.var.scope, c.var.deps, form.data)
    return c.json(saved.result, saved.status)
  })
