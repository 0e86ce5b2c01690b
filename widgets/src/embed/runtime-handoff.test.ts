// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AuthenticationError, ValidationError, errorFromBody } from '../../../sdk/src/errors'
import { createRuntime } from './runtime'
import { takeHandoff } from './runtime-signin'
import { identityErrorMessage } from './runtime-failures'
import { tokenKey } from './token-store'

/**
 * Issue 13: a confirmed magic link of an embedded sign-in returns to the partner page with a one-time
 * handoff in the fragment, which the program's runtime turns into its session; identity-token
 * failures are logged in words.
 */
afterEach(() => {
  vi.unstubAllGlobals()
  history.replaceState(null, '', '/')
  localStorage.clear()
})

const HANDOFF = 'h'.repeat(43)

describe('takeHandoff', () => {
  it("takes the program's handoff once and removes it from the address, keeping the rest", () => {
    history.replaceState(null, '', `/rewards?tab=1#tessera_signin=${HANDOFF}&tessera_program=links&keep=1`)
    expect(takeHandoff('demo')).toBeNull() // another program's
    expect(takeHandoff('links')).toBe(HANDOFF)
    expect(`${location.pathname}${location.search}${location.hash}`).toBe('/rewards?tab=1#keep=1')
    expect(takeHandoff('links')).toBeNull()
  })
})

describe('a runtime on a page the link returned to', () => {
  it('exchanges the handoff for a session token and signs in', async () => {
    history.replaceState(null, '', `/rewards#tessera_signin=${HANDOFF}&tessera_program=links`)
    const asked: { path: string; body: string | null }[] = []
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      asked.push({ path: url.pathname, body: typeof init?.body === 'string' ? init.body : null })
      if (url.pathname === '/public/signin/handoff') return Response.json({ ok: true, session_token: 'tok_HandedOver0123456789' })
      return Response.json({ id: 9, first_name: 'Lin', unused_points: 100 })
    })
    const runtime = createRuntime({ programKey: 'links', apiBase: 'https://tessera.example' })
    await vi.waitFor(() => expect(runtime.session.participant.value?.first_name).toBe('Lin'), { timeout: 2000 })
    expect(asked[0]).toEqual({ path: '/public/signin/handoff', body: JSON.stringify({ handoff: HANDOFF }) })
    expect(localStorage.getItem(tokenKey('links'))).toBe('tok_HandedOver0123456789')
    expect(location.hash).toBe('')
  })
})

describe('identity token errors', () => {
  it('name the problem in words, never a class name', () => {
    const err = errorFromBody(401, { error: { code: 'unauthenticated', message: 'The identity token has expired' }, message: 'The identity token has expired' } as never)
    expect(identityErrorMessage(err)).toBe('Tessera could not sign in with the identity token: The identity token has expired (HTTP 401).')
    expect(identityErrorMessage(new TypeError('Failed to fetch'))).toContain('could not reach the server')
  })

  it('keeps SDK error names readable after minification (written out, not read from the class)', () => {
    expect(new ValidationError('m', 422, 'validation_failed', undefined, undefined, {}).name).toBe('ValidationError')
    expect(new AuthenticationError('m', 401, 'unauthenticated', undefined, undefined, {}).name).toBe('AuthenticationError')
    expect(String(new AuthenticationError('The identity token has expired', 401, 'unauthenticated', undefined, undefined, {}))).toBe(
      'AuthenticationError: The identity token has expired',
    )
  })

  it('rejects signInWithIdentityToken with the words', async () => {
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      if (url.pathname === '/public/signin/identity')
        return Response.json({ message: 'The identity token has a bad signature', error: { code: 'unauthenticated', message: 'The identity token has a bad signature' } }, { status: 401 })
      return Response.json({ error: { code: 'unauthenticated', message: 'Sign in' } }, { status: 401 })
    })
    const runtime = createRuntime({ programKey: 'demo', apiBase: 'https://tessera.example' })
    await expect(runtime.signInWithIdentityToken('v1.x.y')).rejects.toThrow(
      /^Tessera could not sign in with the identity token: The identity token has a bad signature \(HTTP 401\)\.$/,
    )
  })
})
