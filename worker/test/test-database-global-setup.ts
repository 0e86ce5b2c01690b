import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildD1Template, buildLibsqlTemplate, D1_SLOT_FILES_ENV, D1_TEMPLATE_ENV, findD1SlotFiles, LIBSQL_TEMPLATE_ENV } from './test-database'

/**
 * Once per run of a project: the database every test database of the run copies (test-database.ts),
 * migrated and seeded once, on libSQL for the node project and on D1 in workerd for the d1 project
 * (TESSERA_TEST_DB=d1). The test workers start after this and inherit the environment it sets. Both
 * projects' setups run in vitest's main process: each reads its project's name, not the environment.
 */
export default async function setup(project: TestProject) {
  const onD1 = project.config.env?.TESSERA_TEST_DB === 'd1'
  // A project's `-mocks` half (vitest.config.ts) shares the template its other half built.
  if (process.env[onD1 ? D1_TEMPLATE_ENV : LIBSQL_TEMPLATE_ENV]) return
  const dir = mkdtempSync(join(tmpdir(), `tessera-${onD1 ? 'd1' : 'libsql'}-template-`))
  if (onD1) {
    await buildD1Template(dir)
    process.env[D1_TEMPLATE_ENV] = dir
    process.env[D1_SLOT_FILES_ENV] = JSON.stringify(await findD1SlotFiles())
  } else {
    await buildLibsqlTemplate(join(dir, 'template.db'))
    process.env[LIBSQL_TEMPLATE_ENV] = join(dir, 'template.db')
  }
  return () => rmSync(dir, { recursive: true, force: true })
}
