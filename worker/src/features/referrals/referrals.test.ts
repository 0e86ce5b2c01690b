import { describe, expect, it } from 'vitest'
import { programs } from '../../db/schema'
import { programScope } from '../../db/scope'
import { approveReferral, isDisposableEmail, normalizeEmail, REFERRAL_HOLD_WINDOW_MS, rejectReferral } from './referrals'
import { makeTestApp } from '../../../test/helpers'
import { points, REFERRAL_POINTS, referralOf, referrer, signUp } from './referral-test-kit'

describe('normalizeEmail', () => {
  it.each([
    ['Ana@Example.com', 'ana@example.com'],
    ['ana+1@example.com', 'ana@example.com'],
    ['ana+a+b@example.com', 'ana@example.com'],
    ['a.n.a@example.com', 'a.n.a@example.com'],
    ['A.N.A+x@GMail.com', 'ana@gmail.com'],
    ['a.n.a@gmail.com', 'ana@gmail.com'],
    ['ana@googlemail.com', 'ana@gmail.com'],
    ['a.na+promo@googlemail.com', 'ana@gmail.com'],
    [' ana@example.com ', 'ana@example.com'],
    ['ana@gmail.com.', 'ana@gmail.com'],
    ['no-at-sign', 'no-at-sign'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeEmail(input)).toBe(expected)
  })
})

describe('isDisposableEmail', () => {
  it('knows listed domains and their subdomains, not ordinary providers', async () => {
    expect(await isDisposableEmail('x@mailinator.com')).toBe(true)
    expect(await isDisposableEmail('x@MAILINATOR.com')).toBe(true)
    expect(await isDisposableEmail('x@eu.mailinator.com')).toBe(true)
    for (const ok of ["x@gmail.com", "x@example.com", "x@outlook.com", "x@mailinator.com.example.org"]) expect(await isDisposableEmail(ok)).toBe(false)
  })
})

describe('referral holds at sign-up', () => {
  it('holds a +alias of the referrer without crediting', async () => {
    const t = await makeTestApp()
    const ana = await referrer(t, 'ana@example.com')
    await signUp(t, 'ana+1@example.com', { referralCode: ana.code })
    expect(await referralOf(t, 'ana+1@example.com')).toMatchObject({ status: 'pending', holdReason: 'same_address', points: 0 })
    expect(await points(ana.browser)).toBe(ana.points)
  })

  it('holds dotted and googlemail.com variants of a Gmail referrer', async () => {
    const t = await makeTestApp()
    const ana = await referrer(t, 'ana@gmail.com')
    for (const alias of ['a.n.a@gmail.com', 'ana@googlemail.com']) {
      await signUp(t, alias, { referralCode: ana.code })
      expect(await referralOf(t, alias)).toMatchObject({ status: 'pending', holdReason: 'same_address' })
    }
    expect(await points(ana.browser)).toBe(ana.points)
  })

  it('holds a disposable domain', async () => {
    const t = await makeTestApp()
    const ana = await referrer(t, 'ana@example.com')
    await signUp(t, 'friend@mailinator.com', { referralCode: ana.code })
    expect(await referralOf(t, 'friend@mailinator.com')).toMatchObject({ status: 'pending', holdReason: 'disposable_domain' })
    expect(await points(ana.browser)).toBe(ana.points)
  })

  it("holds a distinct address signing up from the referrer's IP", async () => {
    const t = await makeTestApp()
    const ana = await referrer(t, 'ana@example.com', '203.0.113.5')
    await signUp(t, 'bea@example.com', { referralCode: ana.code, ip: '203.0.113.5' })
    expect(await referralOf(t, 'bea@example.com')).toMatchObject({ status: 'pending', holdReason: 'same_ip' })
    expect(await points(ana.browser)).toBe(ana.points)
  })

  it("holds a distinct address signing up with the referrer's browser token", async () => {
    const t = await makeTestApp()
    const ana = await referrer(t, 'ana@example.com', '203.0.113.5')
    await signUp(t, 'bea@example.com', { referralCode: ana.code, ip: '198.51.100.7', browserToken: ana.browserToken })
    expect(await referralOf(t, 'bea@example.com')).toMatchObject({ status: 'pending', holdReason: 'same_device' })
    expect(await points(ana.browser)).toBe(ana.points)
  })

  it('credits a distinct address from another IP and browser at once', async () => {
    const t = await makeTestApp()
    const ana = await referrer(t, 'ana@example.com', '203.0.113.5')
    await signUp(t, 'bea@example.com', { referralCode: ana.code, ip: '198.51.100.7' })
    expect(await referralOf(t, 'bea@example.com')).toMatchObject({ status: 'approved', holdReason: null, points: REFERRAL_POINTS })
    expect(await points(ana.browser)).toBe(ana.points + REFERRAL_POINTS)
  })

  it("credits a sign-up from the referrer's IP once their sign-in there is older than the window", async () => {
    const t = await makeTestApp()
    const ana = await referrer(t, 'ana@example.com', '203.0.113.5')
    t.clock.advance(REFERRAL_HOLD_WINDOW_MS + 1)
    await signUp(t, 'bea@example.com', { referralCode: ana.code, ip: '203.0.113.5' })
    expect(await referralOf(t, 'bea@example.com')).toMatchObject({ status: 'approved', holdReason: null })
  })

  it('still ignores unknown codes and keeps everything pending when the program reviews referrals', async () => {
    const t = await makeTestApp()
    await t.db.update(programs).set({ enrollment: { requires_referral_review: true, allow_signup: true, signup_postal_required: false } })
    const ana = await referrer(t, 'ana@example.com', '203.0.113.5')
    await signUp(t, 'bea@example.com', { referralCode: ana.code })
    await signUp(t, 'cai@example.com', { referralCode: ana.code, ip: '203.0.113.5' })
    await signUp(t, 'dan@example.com', { referralCode: 'NOPE1234' })
    expect(await referralOf(t, 'bea@example.com')).toMatchObject({ status: 'pending', holdReason: null })
    expect(await referralOf(t, 'cai@example.com')).toMatchObject({ status: 'pending', holdReason: 'same_ip' })
    expect(await referralOf(t, 'dan@example.com')).toBeUndefined()
    expect(await points(ana.browser)).toBe(ana.points)
  })
})

describe('reviewing held referrals', () => {
  it('credits a held referral exactly once under 10 concurrent approvals, keeping its hold reason', async () => {
    const t = await makeTestApp()
    const ana = await referrer(t, 'ana@example.com')
    await signUp(t, 'ana+2@example.com', { referralCode: ana.code })
    const held = (await referralOf(t, 'ana+2@example.com'))!
    const scope = programScope(t.db, held.programId)
    const results = await Promise.all(Array.from({ length: 10 }, () => approveReferral(scope, t.deps, held.id, 'checked by support')))
    expect(results.filter(Boolean)).toHaveLength(1)
    expect(await referralOf(t, 'ana+2@example.com')).toMatchObject({
      status: 'approved',
      holdReason: 'same_address',
      points: REFERRAL_POINTS,
      adminComments: 'checked by support',
    })
    expect(await points(ana.browser)).toBe(ana.points + REFERRAL_POINTS)
    expect(await approveReferral(scope, t.deps, held.id)).toBe(false)
    expect(await rejectReferral(scope, t.deps, held.id)).toBe(false)
    expect(await points(ana.browser)).toBe(ana.points + REFERRAL_POINTS)
  })

  it('rejects a held referral without credit, after which it cannot be approved', async () => {
    const t = await makeTestApp()
    const ana = await referrer(t, 'ana@example.com')
    await signUp(t, 'friend@mailinator.com', { referralCode: ana.code })
    const held = (await referralOf(t, 'friend@mailinator.com'))!
    const scope = programScope(t.db, held.programId)
    expect(await rejectReferral(scope, t.deps, held.id, 'throwaway address')).toBe(true)
    expect(await rejectReferral(scope, t.deps, held.id)).toBe(false)
    expect(await approveReferral(scope, t.deps, held.id)).toBe(false)
    expect(await referralOf(t, 'friend@mailinator.com')).toMatchObject({ status: 'rejected', points: 0, adminComments: 'throwaway address' })
    expect(await points(ana.browser)).toBe(ana.points)
    // Another program's scope cannot touch it.
    expect(await rejectReferral(programScope(t.db, held.programId + 999), t.deps, held.id)).toBe(false)
  })
})
