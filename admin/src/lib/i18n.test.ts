import { describe, expect, it } from 'vitest'
import { adminAuthStartRequestSchema, adminAuthVerifyRequestSchema } from '../../../sdk/contract/auth'
import { en } from '../locales/en'
import { es } from '../locales/es'
import { resolveLocale, translate, translateMessage } from './i18n'

describe('catalogs', () => {
  it('es has exactly the keys of en, none empty', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort())
    for (const value of [...Object.values(en), ...Object.values(es)]) expect(value.trim()).not.toBe('')
  })
  it('keeps the placeholders of each message', () => {
    const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
    for (const key of Object.keys(en) as (keyof typeof en)[])
      expect(holes(es[key]), key).toEqual(holes(en[key]))
  })
  it('lists every message the sign-in contract can produce, so it can be translated', () => {
    const messages = [
      ...(adminAuthStartRequestSchema.safeParse({ email: '' }).error?.issues ?? []),
      ...(adminAuthStartRequestSchema.safeParse({ email: 'nope' }).error?.issues ?? []),
      ...(adminAuthVerifyRequestSchema.safeParse({ otp: '', browser_token: 't' }).error?.issues ?? []),
      ...(adminAuthVerifyRequestSchema.safeParse({ otp: '12', browser_token: 't' }).error?.issues ?? []),
    ].map((i) => i.message)
    expect(messages).toEqual(
      expect.arrayContaining([
        'Email is required',
        'Please enter your email',
        'OTP is required',
        'Please enter your OTP',
      ]),
    )
    for (const message of messages) expect(Object.values(en)).toContain(message)
  })
})

describe('translate', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('en', 'dashboard.recent', { count: '1,683' })).toBe('+1,683 in the last 30 days')
    expect(translate('es', 'auth.otp.resendIn', { seconds: 9 })).toBe('Reenviar en 9 s')
    expect(translate('en', 'dashboard.recent')).toBe('+{count} in the last 30 days')
  })
  it('translates English contract messages and passes others through', () => {
    expect(translateMessage('es', 'OTP is required')).toBe(es['validation.otpRequired'])
    expect(translateMessage('en', 'OTP is required')).toBe('OTP is required')
    expect(translateMessage('es', 'Something from the server')).toBe('Something from the server')
  })
  it('defaults to en for a missing or unknown locale', () => {
    expect(resolveLocale('es')).toBe('es')
    expect(resolveLocale(undefined)).toBe('en')
    expect(resolveLocale('fr')).toBe('en')
  })
})
