import { describe, expect, it } from 'vitest'
import { inNetworks, parseNetwork, parseNetworks } from './cidr'

describe('address ranges', () => {
  it('matches IPv4 and IPv6 ranges, single addresses and IPv4-mapped addresses', () => {
    const nets = parseNetworks('203.0.113.0/24, 198.51.100.7\n2001:db8::/32')
    expect(inNetworks('203.0.113.200', nets)).toBe(true)
    expect(inNetworks('203.0.114.1', nets)).toBe(false)
    expect(inNetworks('198.51.100.7', nets)).toBe(true)
    expect(inNetworks('198.51.100.8', nets)).toBe(false)
    expect(inNetworks('2001:db8:1234::1', nets)).toBe(true)
    expect(inNetworks('2001:db9::1', nets)).toBe(false)
    expect(inNetworks('::ffff:203.0.113.9', nets)).toBe(true)
    expect(inNetworks('unknown', nets)).toBe(false)
    expect(inNetworks(undefined, nets)).toBe(false)
    expect(inNetworks('10.0.0.1', parseNetworks('0.0.0.0/0'))).toBe(true)
    expect(inNetworks('::1', parseNetworks('0.0.0.0/0'))).toBe(false)
  })

  it('refuses what is not a range, naming it', () => {
    for (const bad of ['10.0.0.0/33', '300.1.1.1', '10.0.0/8', 'example.com', '2001:db8::/129', '1.2.3.4/x', '10.0.0.0/', '10.0.0.0/8/9', '/8', '10.0.0.0/-1']) {
      expect(() => parseNetwork(bad)).toThrow(`"${bad}" is not an address range`)
    }
    expect(parseNetworks('')).toEqual([])
  })
})
