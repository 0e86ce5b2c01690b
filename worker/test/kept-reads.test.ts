import { gunzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { configFromEnv } from '../src/config'
import { participantSessions, participants } from '../src/db/schema'
import { acceptsGzip, keptSignedInAnswer } from '../src/middleware/kept-reads'
import { createParticipantSession } from '../src/features/signin/sessions'
import { makeTestApp, quickParticipant } from './helpers'

const withCache = () => ({
  config: { ...configFromEnv({ ENVIRONMENT: 'development', APP_SECRET: 'test-secret-test-secret-test-secret-!!' }), cacheTtlMs: 5000 },
})
const PATHS = ['/public/home/active_uncompleted_challenges', '/public/home/completed_challenges', '/public/participant']

async function setup() {
  const t = await makeTestApp(withCache())
  const { participant, program } = await quickParticipant(t, 'kept@example.com', { points: 30 })
  const token = await createParticipantSession(t.db, { programId: program.id, participantId: participant.id, kind: 'token', now: t.clock.now() })
  const bearer = { authorization: `Bearer ${token}`, 'x-tessera-session': 'token' }
  const request = (path: string, headers: Record<string, string>) => new Request(`http://localhost${path}`, { headers: { host: 'localhost', ...headers } })
  /** The app's answer and the kept path's for the same request (the app's first, so it keeps it). */
  const both = async (path: string, headers: Record<string, string>) => {
    const app = await t.app.request(request(path, headers))
    const kept = await keptSignedInAnswer(t.deps, request(path, headers))
    return { app, kept }
  }
  return { t, participant, program, token, bearer, request, both }
}

const corsHeaders = (res: Response) => ({
  allow: res.headers.get('access-control-allow-origin'),
  expose: res.headers.get('access-control-expose-headers'),
  type: res.headers.get('content-type'),
})

describe('signed-in reads answered before routing (Node)', () => {
  it('answer exactly what the app answers, for a token client, a browser session and an allowed partner origin', async () => {
    const { t, participant, bearer, both } = await setup()
    const cookie = { cookie: `tessera_session=${await createParticipantSession(t.db, { programId: participant.programId, participantId: participant.id, kind: 'cookie', now: t.clock.now() })}` }
    for (const headers of [bearer, cookie, { ...bearer, origin: 'http://localhost:5173' }]) {
      for (const path of PATHS) {
        const { app, kept } = await both(path, headers)
        expect(app.status).toBe(200)
        expect(kept, `${path} ${Object.keys(headers)}`).toBeDefined()
        expect(await kept!.text()).toBe(await app.text())
        expect(corsHeaders(kept!)).toEqual(corsHeaders(app))
      }
    }
  })

  it('leave everything else to the app', async () => {
    const { t, participant, token, bearer, request, both } = await setup()
    for (const path of PATHS) await both(path, bearer) // kept now
    const none = async (path: string, headers: Record<string, string>, method = 'GET') =>
      expect(await keptSignedInAnswer(t.deps, new Request(`http://localhost${path}`, { method, headers: { host: 'localhost', ...headers } }))).toBeUndefined()
    await none('/public/participant', bearer, 'POST')
    await none('/public/participant?x=1', bearer)
    await none('/public/home/carousel', bearer)
    await none('/public/participant', { ...bearer, origin: 'https://evil.example' }) // the app refuses it
    await none('/public/participant', { 'x-tessera-session': 'token', cookie: `tessera_session=${token}` }) // token clients send bearer only
    await none('/public/participant', { ...bearer, 'x-program-key': 'links' }) // a session of another program
    // A change to the participant (any writer): the kept answer is not current until the app answers.
    await t.db.update(participants).set({ firstName: 'Changed' }).where(eq(participants.id, participant.id))
    await none('/public/participant', bearer)
    expect(await (await t.app.request(request('/public/participant', bearer))).json()).toMatchObject({ first_name: 'Changed' })
    expect(await (await keptSignedInAnswer(t.deps, request('/public/participant', bearer)))!.json()).toMatchObject({ first_name: 'Changed' })
    await t.db.update(participants).set({ status: 'blocked' }).where(eq(participants.id, participant.id))
    await none('/public/participant', bearer)
    await t.db.update(participants).set({ status: 'active' }).where(eq(participants.id, participant.id))
    await t.db.delete(participantSessions)
    await none('/public/participant', bearer)
  })

  it('gzip a kept answer of a KB or more for clients that take it, once per kept answer', async () => {
    const { bearer, both, t, request } = await setup()
    const path = '/public/home/active_uncompleted_challenges'
    const gzip = { ...bearer, 'accept-encoding': 'gzip, deflate, br, zstd' }
    const { app, kept } = await both(path, gzip)
    const plain = new Uint8Array(await app.arrayBuffer())
    expect(plain.byteLength).toBeGreaterThan(1024)
    expect(kept!.headers.get('content-encoding')).toBe('gzip')
    expect(kept!.headers.get('vary')).toBe('Accept-Encoding')
    const zipped = new Uint8Array(await kept!.arrayBuffer())
    expect(zipped.byteLength).toBeLessThan(plain.byteLength / 2)
    expect(gunzipSync(zipped)).toEqual(Buffer.from(plain))
    const again = new Uint8Array(await (await keptSignedInAnswer(t.deps, request(path, gzip)))!.arrayBuffer())
    expect(again).toEqual(zipped)
    // Small answers and clients without gzip get the bytes as they are.
    await both('/public/participant', gzip)
    expect((await keptSignedInAnswer(t.deps, request('/public/participant', gzip)))!.headers.get('content-encoding')).toBeNull()
    expect((await keptSignedInAnswer(t.deps, request(path, bearer)))!.headers.get('content-encoding')).toBeNull()
  })

  it('read Accept-Encoding like HTTP says', () => {
    const cases: [string | null, boolean][] = [
      [null, false],
      ['', false],
      ['gzip', true],
      ['br, gzip;q=0.5', true],
      ['gzip;q=0', false],
      ['identity', false],
      ['*', true],
      ['deflate, br', false],
      ['*;q=0.5, gzip;q=0', false],
      ['gzip;q=0.1, *;q=0', true],
    ]
    for (const [value, expected] of cases) expect(acceptsGzip(value), String(value)).toBe(expected)
  })
})
