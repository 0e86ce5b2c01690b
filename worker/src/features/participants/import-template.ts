import { asc, eq } from 'drizzle-orm'
import { profileAttributeDefinitions } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'

/** The columns every participants import knows, in the template's order. */
export const BASE_IMPORT_COLUMNS = ['email', 'first_name', 'last_name', 'points', 'tags'] as const
export type BaseImportColumn = (typeof BASE_IMPORT_COLUMNS)[number]

/** The program's active profile attributes (name and display name), in the order they were defined. */
export async function activeProfileAttributes(scope: ProgramScope): Promise<{ name: string; displayName: string }[]> {
  const rows = await scope.select(profileAttributeDefinitions, eq(profileAttributeDefinitions.active, true)).orderBy(asc(profileAttributeDefinitions.id))
  return rows.map((r) => ({ name: r.attributeName, displayName: r.displayName }))
}

/**
 * The import template's header: the base columns, then one column per active profile attribute. The
 * export of type `import` writes exactly these columns, so an exported file imports back as it is.
 */
export async function importTemplateColumns(scope: ProgramScope): Promise<string[]> {
  return [...BASE_IMPORT_COLUMNS, ...(await activeProfileAttributes(scope)).map((a) => a.name).filter((n) => !(BASE_IMPORT_COLUMNS as readonly string[]).includes(n))]
}
