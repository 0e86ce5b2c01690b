import type { PublicProgram } from '../../../sdk/contract/program'

/** What the worker injects into the page head (routes/pages.ts serveShell). */
export type Bootstrap = { program: PublicProgram; signed_in: boolean }

/** Parses the JSON data block; null when it is missing or not a program bootstrap. */
export function parseBootstrap(text: string | null | undefined): Bootstrap | null {
  if (!text) return null
  try {
    const data = JSON.parse(text) as Partial<Bootstrap> | null
    if (!data || typeof data !== 'object' || !data.program || typeof data.program.name !== 'string') return null
    return { program: data.program, signed_in: data.signed_in === true }
  } catch {
    return null
  }
}

export const readBootstrap = (doc: Document) => parseBootstrap(doc.getElementById('tessera-bootstrap')?.textContent)
