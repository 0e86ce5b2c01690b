import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { sha256, sha256Sync } from '../src/lib/crypto'

describe('sha256', () => {
  it('is SHA-256 of the UTF-8 text in base64url, without padding', async () => {
    for (const text of ['', 'token', 'café ☕ 𝄞', 'x'.repeat(1000)]) {
      const expected = createHash('sha256').update(Buffer.from(text, 'utf8')).digest('base64url')
      expect(sha256Sync(text)).toBe(expected)
      expect(await sha256(text)).toBe(expected)
    }
    expect(sha256Sync('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0')
  })
})
