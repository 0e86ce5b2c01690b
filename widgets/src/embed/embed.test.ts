import { describe, expect, it } from 'vitest'
import { elementAttributes, parentOrigin, parseFrameBootstrap } from './bridge'
import { eventName, isEventName, isFrameMessage, isParentMessage } from './events'
import { createTokenStore, tokenKey } from './token-store'
import { tileLimit } from './views/challenge-tiles-view'

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  }
}

describe('token store', () => {
  const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_'

  it('keeps the token under a key per program', () => {
    const storage = memoryStorage()
    const store = createTokenStore('demo', storage)
    store.write(token)
    expect(storage.items.get('tessera:demo:token')).toBe(token)
    expect(createTokenStore('demo', storage).read()).toBe(token)
    expect(createTokenStore('links', storage).read()).toBeNull()
    store.write(null)
    expect(storage.items.has(tokenKey('demo'))).toBe(false)
  })

  it('ignores junk in the slot and falls back to memory when storage throws', () => {
    const storage = memoryStorage()
    storage.setItem('tessera:demo:token', '<script>')
    expect(createTokenStore('demo', storage).read()).toBeNull()
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('SecurityError')
      },
      removeItem: () => {},
    }
    const store = createTokenStore('demo', blocked)
    store.write(token)
    expect(store.read()).toBe(token)
  })
})

describe('event map and messages', () => {
  it('names events with the tessera: prefix', () => {
    expect(eventName('signed-in')).toBe('tessera:signed-in')
    expect(eventName('tessera:reward-claimed')).toBe('tessera:reward-claimed')
    expect(isEventName('tessera:challenge-completed')).toBe(true)
    expect(isEventName('tessera:anything')).toBe(false)
  })

  it('accepts only well-formed frame messages', () => {
    expect(isFrameMessage({ type: 'tessera:resize', height: 320 })).toBe(true)
    expect(isFrameMessage({ type: 'tessera:ready' })).toBe(true)
    expect(
      isFrameMessage({ type: 'tessera:event', name: 'tessera:signed-in', detail: { participant: {} } }),
    ).toBe(true)
    for (const bad of [
      null,
      'tessera:resize',
      { type: 'tessera:resize', height: -1 },
      { type: 'tessera:resize', height: Number.NaN },
      { type: 'tessera:event', name: 'click', detail: {} },
      { type: 'tessera:event', name: 'tessera:signed-in' },
      { type: 'other' },
    ]) {
      expect(isFrameMessage(bad)).toBe(false)
    }
  })

  it('accepts only well-formed parent messages', () => {
    expect(isParentMessage({ type: 'tessera:identity', token: 'v1.a.b' })).toBe(true)
    expect(isParentMessage({ type: 'tessera:sign-out' })).toBe(true)
    expect(isParentMessage({ type: 'tessera:identity' })).toBe(false)
  })
})

describe('iframe bridge', () => {
  const program = { public_key: 'demo', name: 'Demo' }

  it('reads the page bootstrap', () => {
    expect(
      parseFrameBootstrap(
        JSON.stringify({
          program,
          signed_in: false,
          widget: 'reward',
          params: { program: 'demo', reward_id: '7' },
        }),
      ),
    ).toEqual({
      program,
      widget: 'reward',
      params: { program: 'demo', reward_id: '7' },
    })
    expect(parseFrameBootstrap('{"program":{}}')).toBeNull()
    expect(parseFrameBootstrap('not json')).toBeNull()
    expect(parseFrameBootstrap(null)).toBeNull()
  })

  it('turns query parameters into element attributes', () => {
    expect(elementAttributes({ program: 'demo', reward_id: '7', limit: '3', 'on<x': 'y' })).toEqual([
      ['reward-id', '7'],
      ['limit', '3'],
    ])
  })

  it('finds the parent origin from ancestorOrigins, else the referrer, else any', () => {
    expect(parentOrigin({ ancestorOrigins: ['https://shop.example'] }, '')).toBe('https://shop.example')
    expect(parentOrigin({}, 'https://shop.example/cart?x=1')).toBe('https://shop.example')
    expect(parentOrigin({}, '')).toBe('*')
  })
})

describe('widget words', () => {
  it('limits tiles only with a positive whole number', () => {
    expect(tileLimit('3')).toBe(3)
    for (const v of [null, '', '0', '-2', '2.5', 'all']) expect(tileLimit(v)).toBe(Number.POSITIVE_INFINITY)
  })
})
