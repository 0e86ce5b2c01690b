import { REVALIDATE } from '../../../scripts/asset-headers.mjs'

/**
 * Static files' Cache-Control under Node, from the same `_headers` file wrangler's assets read on
 * Workers (written by scripts/build.mjs, scripts/asset-headers.mjs): files named after their content
 * are `public, max-age=31536000, immutable`; everything else gets Workers' default for assets,
 * `public, max-age=0, must-revalidate`. Both values are scripts/asset-headers.mjs's, the one definition
 * the build and this file share. Only the subset of the _headers format the build writes is
 * read: a URL pattern line (exact, `*` splat, `:name` placeholders), then indented `Name: value` lines.
 */
export { IMMUTABLE, REVALIDATE } from '../../../scripts/asset-headers.mjs'

type Rule = { pattern: RegExp; headers: [string, string][] }

export function parseHeadersFile(text: string): Rule[] {
  const rules: Rule[] = []
  let current: Rule | undefined
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trimEnd()
    if (!line.trim() || line.trim().startsWith('#')) continue
    if (!/^\s/.test(line)) {
      const source = line
        .trim()
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]\w*/g, '[^/]+'))
        .join('.*')
      current = { pattern: new RegExp(`^${source}$`), headers: [] }
      rules.push(current)
      continue
    }
    const colon = line.indexOf(':')
    if (current && colon > 0) current.headers.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()])
  }
  return rules
}

/** The Cache-Control of a static file at this URL path. */
export function staticCacheControl(rules: Rule[], path: string): string {
  return staticHeaders(rules, path)['cache-control']!
}

/**
 * Every header the rules give a static file at this URL path (as on Workers, all matching rules
 * apply; the first to name a header wins), with the default Cache-Control when none names it.
 */
export function staticHeaders(rules: Rule[], path: string): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const rule of rules) {
    if (!rule.pattern.test(path)) continue
    for (const [name, value] of rule.headers) headers[name] ??= value
  }
  headers['cache-control'] ??= REVALIDATE
  return headers
}
