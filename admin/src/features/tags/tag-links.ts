import type { TaggingKind } from '../../../../sdk/contract/console/tags'

/**
 * Where a tagged item links (admin-console-part-b.md section 2, Admin tag detail): ProgramTiers to the
 * tiers settings, Participants to the program's users, any other kind to the plural route built from
 * its attribute name (challenges/{id}, rewards/{id}). If any item of the list has a name starting
 * with 'Unknown' (not found, or not the program's), no item of it links. Paths are under the console's
 * base (/admin/v2).
 */
export function taggingPaths(kind: Pick<TaggingKind, 'attribute_name' | 'value'>, programId: number): (string | null)[] {
  if (kind.value.some((item) => item.taggable_name.startsWith('Unknown'))) return kind.value.map(() => null)
  const attribute = kind.attribute_name.toLowerCase()
  return kind.value.map((item) => {
    if (attribute === 'program_tiers' || attribute === 'program_tier') return `/programs/${programId}/settings/program_tiers`
    if (attribute === 'participants' || attribute === 'participant') return `/programs/${programId}/users/${item.taggable_id}`
    return `/programs/${programId}/${plural(attribute)}/${item.taggable_id}`
  })
}

/** The plural of an attribute name as routes spell it (challenge -> challenges; rewards stays). */
export function plural(name: string): string {
  if (name.endsWith('s')) return name
  if (name.endsWith('y') && !/[aeiou]y$/.test(name)) return `${name.slice(0, -1)}ies`
  return `${name}s`
}

/** The words in the spec's 'No ... are using this tag.' for a kind: its display name, lower-cased. */
export const kindWords = (kind: Pick<TaggingKind, 'display_name'>) => kind.display_name.toLowerCase()
