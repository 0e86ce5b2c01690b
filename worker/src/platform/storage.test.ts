import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createLocalStorage, isValidStorageKey } from './storage'
import { testTempDir } from '../../test/temp-dir'

const bytes = (text: string) => new TextEncoder().encode(text)

describe('local file storage (Node entry)', () => {
  it('puts, heads, gets and deletes objects with their content type', async () => {
    const dir = testTempDir('storage')
    const storage = createLocalStorage(dir)
    await storage.put('media/7/abc.png', bytes('hello'), 'image/png')
    expect(await storage.head('media/7/abc.png')).toEqual({ contentType: 'image/png', size: 5 })
    const object = await storage.get('media/7/abc.png')
    expect(object).toMatchObject({ contentType: 'image/png', size: 5 })
    expect(await new Response(object!.body).text()).toBe('hello')
    const part = await storage.get('media/7/abc.png', { offset: 1, length: 3 })
    expect(part).toMatchObject({ contentType: 'image/png', size: 5 })
    expect(await new Response(part!.body).text()).toBe('ell')
    // Replacing keeps one object (no temporary files left behind).
    await storage.put('media/7/abc.png', bytes('again'), 'image/jpeg')
    expect(await new Response((await storage.get('media/7/abc.png'))!.body).text()).toBe('again')
    expect(readdirSync(join(dir, 'media/7')).sort()).toEqual(['abc.png', 'abc.png.meta.json'])
    await storage.delete('media/7/abc.png')
    expect(await storage.get('media/7/abc.png')).toBeNull()
    expect(await storage.head('media/7/abc.png')).toBeNull()
    await storage.delete('media/7/abc.png') // no error when absent
  })

  it('refuses keys that could leave its directory', async () => {
    const storage = createLocalStorage(testTempDir('storage'))
    for (const key of ['../escape.png', 'media/../../escape', '/etc/passwd', 'a//b', '', 'media/..', 'a/./b', 'media\\x.png', 'x'.repeat(513)]) {
      expect(isValidStorageKey(key), key).toBe(false)
      await expect(storage.put(key, bytes('x'), 'text/plain')).rejects.toThrow(/Invalid storage key/)
      await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/)
    }
    expect(isValidStorageKey('media/12/0123456789abcdef0123456789abcdef.png')).toBe(true)
  })
})
