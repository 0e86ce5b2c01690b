/**
 * The API answers with root-relative media paths (`/brand/hero.svg`, uploaded files), right for the
 * hosted site but wrong on a partner's page, where they would resolve against the partner's origin.
 * Embedded widgets read every answer through this rewrite, which makes such paths absolute on the
 * Tessera origin, including `src="/..."` inside rich-text HTML.
 */

const MEDIA_PATH =
  /^\/(?!\/)[^\s"'<>]*\.(?:svg|png|jpe?g|gif|webp|avif|ico|mp4|webm|mov|m4v|ogv|mp3|pdf)(?:[?#][^\s"'<>]*)?$/i

/**
 * @example absolutizeMedia({ image: '/brand/a.svg', content: '<img src="/x.png">' }, 'https://t.example')
 * // { image: 'https://t.example/brand/a.svg', content: '<img src="https://t.example/x.png">' }
 */
export function absolutizeMedia<T>(value: T, origin: string): T {
  if (typeof value === 'string') {
    if (MEDIA_PATH.test(value)) return `${origin}${value}` as T
    return (value.includes('src=') ? value.replace(/(\ssrc=["'])\/(?!\/)/g, `$1${origin}/`) : value) as T
  }
  if (Array.isArray(value)) return value.map((v) => absolutizeMedia(v, origin)) as T
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) out[k] = absolutizeMedia(v, origin)
    return out as T
  }
  return value
}

/** A fetch for the SDK transport that applies absolutizeMedia to JSON answers. */
export function mediaFetch(origin: string): typeof fetch {
  return async (input, init) => {
    const res = await fetch(input, init)
    if (!(res.headers.get('content-type') ?? '').includes('json')) return res
    const text = await res.text()
    let body = text
    try {
      body = JSON.stringify(absolutizeMedia(JSON.parse(text) as unknown, origin))
    } catch {}
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers })
  }
}
