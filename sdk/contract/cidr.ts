/**
 * Address ranges (CIDR: `203.0.113.0/24`, `2001:db8::/32`, or one address) and whether an address
 * falls in one. Used for the trusted networks that skip the per-address sign-in limits: the
 * deployment's (worker config) and a program's (console enrollment settings, validated with the
 * contract in console/settings.ts).
 */
export type Network = { version: 4 | 6; bits: bigint; prefix: number }

function parseV4(ip: string): bigint | null {
  const parts = ip.split('.')
  if (parts.length !== 4) return null
  let out = 0n
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null
    out = (out << 8n) | BigInt(Number(part))
  }
  return out
}

function parseV6(ip: string): bigint | null {
  let text = ip.toLowerCase()
  // An IPv4 tail (::ffff:192.0.2.1) as two groups.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (v4) {
    const n = parseV4(v4[1]!)
    if (n === null) return null
    text = `${text.slice(0, -v4[1]!.length)}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`
  }
  const halves = text.split('::')
  if (halves.length > 2) return null
  const head = halves[0] ? halves[0].split(':') : []
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : []
  const missing = 8 - head.length - tail.length
  if ((halves.length === 1 && missing !== 0) || missing < 0) return null
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail]
  let out = 0n
  for (const g of groups) {
    if (!/^[0-9a-f]{1,4}$/.test(g)) return null
    out = (out << 16n) | BigInt(parseInt(g, 16))
  }
  return out
}

/** The address as a number and its version, or null when it is not an address. */
export function parseIp(ip: string): { version: 4 | 6; bits: bigint } | null {
  const plain = ip.trim().replace(/^\[|\]$/g, '')
  const v4 = parseV4(plain)
  if (v4 !== null) return { version: 4, bits: v4 }
  const v6 = parseV6(plain)
  if (v6 === null) return null
  // An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is that IPv4 address.
  if (v6 >> 32n === 0xffffn) return { version: 4, bits: v6 & 0xffffffffn }
  return { version: 6, bits: v6 }
}

/** One range; throws naming the entry when it is not one. */
export function parseNetwork(entry: string): Network {
  // One address, then at most one prefix of digits: "10.0.0.0/" or "10.0.0.0/8/9" is no range.
  const match = /^([^/]+)(?:\/(\d{1,3}))?$/.exec(entry.trim())
  const ip = match ? parseIp(match[1]!) : null
  const width = ip?.version === 4 ? 32 : 128
  const prefix = match?.[2] === undefined ? width : Number(match[2])
  if (!ip || prefix > width) {
    throw new Error(`"${entry}" is not an address range (like 203.0.113.0/24 or 2001:db8::/32)`)
  }
  return { version: ip.version, bits: ip.bits >> BigInt(width - prefix), prefix }
}

/** A comma- or newline-separated list of ranges; throws naming the first bad entry. */
export const parseNetworks = (list: string | undefined | null): Network[] =>
  (list ?? '')
    .split(/[,\s]+/)
    .filter(Boolean)
    .map(parseNetwork)

/** Whether `ip` is in one of the ranges. */
export function inNetworks(ip: string | undefined, networks: readonly Network[]): boolean {
  if (!ip || !networks.length) return false
  const parsed = parseIp(ip)
  if (!parsed) return false
  const width = parsed.version === 4 ? 32 : 128
  return networks.some((n) => n.version === parsed.version && parsed.bits >> BigInt(width - n.prefix) === n.bits)
}
