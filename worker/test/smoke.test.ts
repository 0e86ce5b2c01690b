import { describe, expect, it } from 'vitest'
import { lastMail, makeTestApp } from './helpers'

describe('smoke', () => {
  it('signs up with a code', async () => {
    const { browser, db } = await makeTestApp()
    const b = browser()
    const r1 = await b.json('/public/signin/verify', { json: { email: 'new@example.com' } })
    expect(r1.status).toBe(422)
    expect(r1.body.sign_type).toBe('SIGN_UP')
    const r2 = await b.json('/public/signin/verify', { json: { email: 'new@example.com', first_name: 'Nia', last_name: 'New', agree_terms: true } })
    expect(r2.status).toBe(200)
    const mail = await lastMail(db, 'new@example.com')
    const r3 = await b.json('/public/signin/verify', { json: { email: 'new@example.com', otp: mail!.code, browser_token: r2.body.browser_token } })
    expect(r3.body).toMatchObject({ ok: true, otp_logged: true })
    const me = await b.json('/public/participant')
    expect(me.body).toMatchObject({ first_name: 'Nia', unused_points: 100, points: 100 })
  })
})
