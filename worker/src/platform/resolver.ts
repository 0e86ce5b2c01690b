/**
 * Host name resolution for outbound requests that must not reach private networks (webhooks: see
 * features/webhooks/target.ts). Node injects `nodeResolver` (resolver-node.ts, the system resolver
 * through node:dns); the default, used on Workers, asks Cloudflare's DNS-over-HTTPS JSON API, which
 * answers the same public records the Worker's fetch will connect to. Tests inject a map.
 */
export type HostResolver = {
  /** Every address the name resolves to (IPv4 and IPv6, textual); throws when it does not resolve. */
  lookup(hostname: string): Promise<string[]>
}

/** A connection refused because the name answered an address that is not allowed (resolver-node.ts pinnedFetch). */
export class RefusedAddressError extends Error {
  readonly hostname: string
  readonly address: string
  constructor(hostname: string, address: string) {
    super(hostname === address ? `${address} is not an allowed address` : `${hostname} answered ${address} when connecting, which is not an allowed address`)
    this.name = 'RefusedAddressError'
    this.hostname = hostname
    this.address = address
  }
}

const DOH_ENDPOINT = 'https://cloudflare-dns.com/dns-query'
/** DNS answer record types: A and AAAA (CNAME steps are skipped, their targets come in the same answer). */
const ADDRESS_TYPES = new Set([1, 28])

/** DNS-over-HTTPS (application/dns-json) for A and AAAA, with a short timeout. */
export function dohResolver(fetcher: typeof fetch = fetch, endpoint = DOH_ENDPOINT): HostResolver {
  const query = async (name: string, type: 'A' | 'AAAA') => {
    const res = await fetcher(`${endpoint}?name=${encodeURIComponent(name)}&type=${type}`, {
      headers: { accept: 'application/dns-json' },
      signal: AbortSignal.timeout(5_000),
    })
    if (!res.ok) throw new Error(`DNS lookup of ${name} answered ${res.status}`)
    const body = (await res.json()) as { Status?: number; Answer?: { type: number; data: string }[] }
    return (body.Answer ?? []).filter((a) => ADDRESS_TYPES.has(a.type)).map((a) => a.data)
  }
  return {
    async lookup(hostname) {
      const [v4, v6] = await Promise.all([query(hostname, 'A'), query(hostname, 'AAAA')])
      const all = [...v4, ...v6]
      if (!all.length) throw new Error(`${hostname} does not resolve`)
      return all
    },
  }
}

/** Fixed answers (tests, and local tools that must not touch the network). Unknown names do not resolve. */
export function staticResolver(table: Record<string, string[]>): HostResolver {
  return {
    async lookup(hostname) {
      const found = table[hostname.toLowerCase()]
      if (!found?.length) throw new Error(`${hostname} does not resolve`)
      return found
    },
  }
}
