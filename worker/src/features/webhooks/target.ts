import type { Deps } from '../../deps'
import { dohResolver } from '../../platform/resolver'

/**
 * Where a webhook may point (checked when it is saved and again before every send): https to a host
 * whose every address is public. Outside production plain http is allowed to localhost only, and
 * addresses are not checked (development and tests point webhooks at local receivers).
 *
 * IP literals are read after the WHATWG URL parser normalized them, so `0x7f000001`, `2130706433`
 * and `127.1` arrive as `127.0.0.1`, and `[::ffff:127.0.0.1]` as `[::ffff:7f00:1]`.
 */

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])
/** Names that never denote a public host (and would resolve through local search paths or mDNS). */
const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.lan', '.home.arpa', '.intranet', '.corp']

export const NOT_PUBLIC = 'URL must point to a public host'
export const NOT_RESOLVED = 'URL host could not be resolved'

/** IPv4 ranges that are not the public internet: [first octets as a number, prefix length]. */
const V4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
]

function v4Number(ip: string): number | null {
  const parts = ip.split('.')
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return null
  return parts.reduce((n, p) => n * 256 + Number(p), 0)
}

const V4_RANGES = V4_BLOCKED.map(([base, bits]) => ({ base: v4Number(base)!, size: 2 ** (32 - bits) }))

function isPublicV4(n: number): boolean {
  return !V4_RANGES.some((r) => n >= r.base && n < r.base + r.size)
}

/** Eight 16-bit groups of an IPv6 address (an IPv4 tail becomes two groups), or null. */
export function v6Groups(input: string): number[] | null {
  let ip = input.replace(/^\[|\]$/g, '').replace(/%.*$/, '').toLowerCase()
  const tail = ip.match(/(\d+\.\d+\.\d+\.\d+)$/)
  if (tail) {
    const n = v4Number(tail[1]!)
    if (n === null) return null
    ip = ip.slice(0, -tail[1]!.length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`
  }
  const halves = ip.split('::')
  if (halves.length > 2) return null
  const parse = (s: string) => (s ? s.split(':') : [])
  const head = parse(halves[0]!)
  const rest = halves.length === 2 ? parse(halves[1]!) : []
  const missing = 8 - head.length - rest.length
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest]
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null
  return groups.map((g) => parseInt(g, 16))
}

function isPublicV6(g: number[]): boolean {
  const embeddedV4 = (hi: number, lo: number) => hi * 65536 + lo
  if (g.slice(0, 6).every((x) => x === 0)) return false // ::, ::1, IPv4-compatible ::a.b.c.d
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return false // IPv4-mapped ::ffff:a.b.c.d
  if (g[0] === 0x64 && g[1] === 0xff9b) return isPublicV4(embeddedV4(g[6]!, g[7]!)) // NAT64 64:ff9b::/96 (and /48 local use)
  if (g[0] === 0x2002) return isPublicV4(embeddedV4(g[1]!, g[2]!)) // 6to4 carries an IPv4 address
  if (g[0] === 0x2001 && g[1] === 0) return false // Teredo
  if (g[0] === 0x2001 && g[1] === 0xdb8) return false // documentation
  if (g[0] === 0x100 && g[1] === 0 && g[2] === 0 && g[3] === 0) return false // discard-only
  if ((g[0]! & 0xfe00) === 0xfc00) return false // unique local fc00::/7 (AWS metadata fd00:ec2::254)
  if ((g[0]! & 0xffc0) === 0xfe80 || (g[0]! & 0xffc0) === 0xfec0) return false // link-local, site-local
  if ((g[0]! & 0xff00) === 0xff00) return false // multicast
  return true
}

/** Whether an IP address (v4 dotted, or v6 with or without brackets) is on the public internet. */
export function isPublicAddress(ip: string): boolean {
  const v4 = v4Number(ip)
  if (v4 !== null) return isPublicV4(v4)
  const v6 = v6Groups(ip)
  return v6 !== null && isPublicV6(v6)
}

/**
 * The connect-time half of the check (the Node entry's pinned fetch, platform/resolver-node.ts): the
 * address a webhook connection may go to, by the same rule as webhookTargetError's, so the address
 * connected to is the one checked. Outside production every address (local receivers).
 */
export function webhookConnectRule(deps: Pick<Deps, 'config'>): (address: string) => boolean {
  return (address) => deps.config.environment !== 'production' || isPublicAddress(address)
}

/** The address a URL host names literally (brackets removed), or null for a name. */
function ipLiteral(hostname: string): string | null {
  if (v4Number(hostname) !== null) return hostname
  if (hostname.startsWith('[')) return hostname.slice(1, -1)
  return null
}

/**
 * Null when the URL may receive webhooks, else the message to show (save) or log (send). In
 * production every address the host resolves to (deps.resolver, or DNS-over-HTTPS) must be public.
 */
export async function webhookTargetError(deps: Pick<Deps, 'config' | 'resolver' | 'fetch'>, raw: string): Promise<string | null> {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return 'URL must be a valid URL'
  }
  const production = deps.config.environment === 'production'
  if (url.username || url.password) return 'URL must not contain a user name or password'
  if (!production && url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname)) return null
  if (url.protocol !== 'https:') return production ? 'URL must start with https://' : 'URL must start with https:// (http:// is allowed for localhost only)'
  if (!production) return null
  const host = url.hostname.replace(/\.$/, '').toLowerCase()
  const literal = ipLiteral(host)
  if (literal !== null) return isPublicAddress(literal) ? null : NOT_PUBLIC
  if (!host.includes('.') || host === 'localhost' || LOCAL_SUFFIXES.some((s) => host.endsWith(s))) return NOT_PUBLIC
  let addresses: string[]
  try {
    addresses = await (deps.resolver ?? dohResolver(deps.fetch ?? fetch)).lookup(host)
  } catch {
    return NOT_RESOLVED
  }
  return addresses.length && addresses.every(isPublicAddress) ? null : NOT_PUBLIC
}
