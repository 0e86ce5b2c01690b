import type { PublicProgram } from '../../../sdk/contract/program'

/**
 * What the worker injects into the page head (features/site/pages.ts serveShell). `primed`: answers of
 * GET calls the first screen makes, by path (a visitor's home: contract/paths.ts visitorHomeRoutes).
 */
export type Bootstrap = { program: PublicProgram; signed_in: boolean; primed?: Record<string, unknown> }

/** Parses the JSON data block; null when it is missing or not a program bootstrap. */
export function parseBootstrap(text: string | null | undefined): Bootstrap | null {
  if (!text) return null
  try {
    const data = JSON.parse(text) as Partial<Bootstrap> | null
    if (!data || typeof data !== 'object' || !data.program || typeof data.program.name !== 'string') return null
    const primed = data.primed && typeof data.primed === 'object' && !Array.isArray(data.primed) ? data.primed : undefined
    // The page's head carries the branding's declarations and the fonts' fallback faces; the program
    // comes without them (worker/src/features/site/pages.ts), as the schema's defaults.
    const program = { ...data.program, widget_host_style: data.program.widget_host_style ?? '', font_fallbacks: data.program.font_fallbacks ?? [] }
    return { program, signed_in: data.signed_in === true, ...(primed && { primed }) }
  } catch {
    return null
  }
}

export const readBootstrap = (doc: Document) => parseBootstrap(doc.getElementById('tessera-bootstrap')?.textContent)
