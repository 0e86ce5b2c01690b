/**
 * The API answers with root-relative media paths (`/brand/hero.svg`, uploaded files), right for the
 * hosted site but wrong on a partner's page, where they would resolve against the partner's origin.
 * Embedded widgets parse every answer with this reviver (the SDK transport's `reviver`), which makes
 * such paths absolute on the Tessera origin, including `src="/..."` inside rich-text HTML.
 */

const MEDIA_PATH =
  /^\/(?!\/)[^\s"'<>]*\.(?:svg|png|jpe?g|gif|webp|avif|ico|mp4|webm|mov|m4v|ogv|mp3|pdf)(?:[?#][^\s"'<>]*)?$/i

/** A JSON reviver: every string value of an answer with its media paths on `origin`. */
export const mediaReviver =
  (origin: string) =>
  (_key: string, value: unknown): unknown =>
    typeof value !== 'string'
      ? value
      : MEDIA_PATH.test(value)
        ? origin + value
        : value.includes('src=')
          ? value.replace(/(\ssrc=["'])\/(?!\/)/g, `$1${origin}/`)
          : value

/**
 * An answer as the embedded widgets read it (what the reviver does to a parsed value).
 * @example absolutizeMedia({ image: '/brand/a.svg', content: '<img src="/x.png">' }, 'https://t.example')
 * // { image: 'https://t.example/brand/a.svg', content: '<img src="https://t.example/x.png">' }
 */
export const absolutizeMedia = <T>(value: T, origin: string): T =>
  JSON.parse(JSON.stringify(value), mediaReviver(origin) as (key: string, value: unknown) => unknown) as T
