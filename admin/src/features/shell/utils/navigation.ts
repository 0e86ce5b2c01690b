import { can } from '../../../lib/authorization'
import { type ProgramArea, programAreas } from '../../../lib/program-areas'

/** Top navigation tabs the user may open on a program: each tab needs its area's view permission. */
export function visibleNavItems(
  permissions: readonly string[],
  areas: readonly ProgramArea[] = programAreas,
): ProgramArea[] {
  return areas.filter((area) => can(permissions, area.permission))
}

/** Program switcher search: case- and accent-insensitive match on the name or subdomain. */
export function filterPrograms<P extends { name: string; subdomain_url?: string }>(
  programs: readonly P[],
  query: string,
): P[] {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
  const needle = fold(query.trim())
  if (!needle) return [...programs]
  return programs.filter((p) => fold(p.name).includes(needle) || fold(p.subdomain_url ?? '').includes(needle))
}

/** Two letters for a program tile or an avatar. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? '?').slice(0, 2)
  return letters.toUpperCase()
}
