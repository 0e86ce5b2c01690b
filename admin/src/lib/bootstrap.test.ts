import { describe, expect, it } from 'vitest'
import { isSignedIn, parseBootstrap } from './bootstrap'

describe('parseBootstrap', () => {
  it('reads the embedded JSON', () => {
    const b = parseBootstrap(
      '{"user":{"id":1,"first_name":"A","last_name":"B","email":"a@b.c","preferred_locale":"es"},"programs":[]}',
    )
    expect(isSignedIn(b)).toBe(true)
    expect(b.user?.preferred_locale).toBe('es')
  })
  it('counts anything unreadable as signed out', () => {
    for (const text of [null, '', 'not json', 'null', '[]', '{"programs":[]}'])
      expect(parseBootstrap(text)).toEqual({ user: null })
  })
})
