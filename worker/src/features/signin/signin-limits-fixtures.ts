import { type TestBrowser } from '../../../test/helpers'

/** The sign-in calls of the per-address limit tests (signin-limits*.test.ts), from a venue's one address by default. */
export type Json = Record<string, any>
export const signup = { first_name: 'Fan', last_name: 'Crowd', agree_terms: true }
export const venue = { 'cf-connecting-ip': '203.0.113.7' }

export const start = (b: TestBrowser, email: string, headers: Record<string, string> = venue) => b.json<Json>('/public/signin/verify', { json: { email, ...signup }, headers })
export const check = (b: TestBrowser, email: string, otp: string, token: string, headers: Record<string, string> = venue) =>
  b.json<Json>('/public/signin/verify', { json: { email, otp, browser_token: token }, headers })

