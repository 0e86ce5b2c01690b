/** Local storage key that remembers the program the user last worked on (spec section 1). */
export const LAST_SELECTED_PROGRAM_KEY = 'lastSelectedProgram'

/** Reads a stored program id, tolerating values stored as JSON strings ('"12"') by older consoles. */
export function parseStoredProgramId(stored: string | null | undefined): number | null {
  if (stored === null || stored === undefined) return null
  const text = stored.trim().replace(/^"(.*)"$/, '$1')
  if (!/^\d+$/.test(text)) return null
  return Number(text)
}

/** The program the console opens: the stored one when the user still has it, else the first. */
export function selectProgram<P extends { id: number }>(
  programs: readonly P[],
  stored: string | null | undefined,
): P | null {
  const id = parseStoredProgramId(stored)
  return programs.find((p) => p.id === id) ?? programs[0] ?? null
}

export function readStoredProgram(): string | null {
  try {
    return localStorage.getItem(LAST_SELECTED_PROGRAM_KEY)
  } catch {
    return null
  }
}

export function storeProgram(programId: number): void {
  try {
    localStorage.setItem(LAST_SELECTED_PROGRAM_KEY, String(programId))
  } catch {
    // Private mode or storage disabled: the console still works, it just forgets the choice.
  }
}
