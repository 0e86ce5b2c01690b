// Cache headers of the built front ends (docs/decisions/0014), written by scripts/build.mjs as
// dist/public/_headers: wrangler's assets read that file on Workers, and the Node entry reads the same
// file (worker/src/middleware/static-headers.ts), so both entries send the same Cache-Control.
//
// A file whose name carries its content hash (vite's `[name]-[hash].ext` under assets/) never changes
// under that name: `public, max-age=31536000, immutable`, so a repeat visit makes no request for it.
// Everything else (pages, the loader embed.js, the fixed-name embed bundles that the loader asks for
// with `?v=<hash>`, images from public/) keeps the default `public, max-age=0, must-revalidate`.

export const IMMUTABLE = 'public, max-age=31536000, immutable'
export const REVALIDATE = 'public, max-age=0, must-revalidate'
/** Workers reads at most 100 rules from _headers (the CORS rule below is one of them). */
export const MAX_RULES = 100

/**
 * The widgets' custom elements are ES modules fetched by partner pages on other origins (module
 * scripts are always fetched with CORS): every file under /assets/ may be read by any origin. They are
 * public build outputs, fetched without credentials.
 */
export const CORS_RULE = ['/assets/*', '  Access-Control-Allow-Origin: *']

/** The asset folders whose hashed files are immutable, as URL paths. */
export const HASHED_DIRS = ['/assets/', '/admin/v2/assets/']

const HASH = /^(.+)-[A-Za-z0-9_-]{8}(\.[A-Za-z0-9]+)$/

/**
 * Whether vite named this output file after its content: `<name>-<8-character hash><ext>`, where
 * <name> is the chunk's or asset's own name (so `tessera-elements.js`, a fixed name, is not taken for
 * `tessera` with the hash `elements`).
 */
export function isHashedOutput(item) {
  const base = item.fileName.slice(item.fileName.lastIndexOf('/') + 1)
  const match = HASH.exec(base)
  if (!match) return false
  const names = item.type === 'chunk' ? [item.name] : (item.names ?? (item.name ? [item.name] : [])).map((n) => n.slice(n.lastIndexOf('/') + 1).replace(/\.[^.]+$/, ''))
  return names.includes(match[1])
}

/** The file names (relative to their build's outDir) vite emitted with a content hash, from build() results. */
export function hashedOutputs(results) {
  const outputs = (Array.isArray(results) ? results : [results]).flatMap((r) => r?.output ?? [])
  return outputs.filter(isHashedOutput).map((o) => o.fileName)
}

/**
 * The _headers file for these URL paths of hashed files (only those under HASHED_DIRS count). Past
 * MAX_RULES the rest keep the default (revalidated: slower, never stale) and `skipped` says how many.
 */
export function headersFile(paths) {
  const hashed = [...new Set(paths)].filter((p) => HASHED_DIRS.some((d) => p.startsWith(d))).sort()
  const kept = hashed.slice(0, MAX_RULES - 1)
  const text = [
    '# Written by scripts/build.mjs (scripts/asset-headers.mjs): files named after their content never change.',
    ...CORS_RULE,
    ...kept.flatMap((p) => [p, `  Cache-Control: ${IMMUTABLE}`]),
    '',
  ].join('\n')
  return { text, rules: kept.length, skipped: hashed.length - kept.length }
}
