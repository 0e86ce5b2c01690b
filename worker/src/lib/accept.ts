/**
 * The media types a request's Accept header takes (RFC 9110, 12.5.1), lower-cased, without those
 * weighted `q=0`; an empty list for no header or an empty one (which takes anything).
 */
export function acceptedTypes(accept: string | undefined | null): string[] {
  if (!accept) return []
  return accept
    .split(',')
    .map((part) => {
      const [type, ...params] = part.split(';').map((s) => s.trim().toLowerCase())
      const q = params.find((p) => p.startsWith('q='))
      return { type: type ?? '', q: q ? Number(q.slice(2)) : 1 }
    })
    .filter((t) => t.type && !(t.q <= 0))
    .map((t) => t.type)
}

/**
 * Whether a JSON answer is acceptable: no Accept, `*\/*`, `application/*`, `application/json` or a
 * `+json` type (`application/vnd.oai.openapi+json`, say).
 */
export function acceptsJson(accept: string | undefined | null): boolean {
  const types = acceptedTypes(accept)
  return types.length === 0 || types.some((t) => t === '*/*' || t === 'application/*' || t === 'application/json' || t.endsWith('+json'))
}
