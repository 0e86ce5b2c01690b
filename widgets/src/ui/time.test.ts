import { describe, expect, it } from 'vitest'
import { formatDate, formatElapsed, formatTimeAgo } from './time'

const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR
const now = Date.parse('2026-11-23T12:00:00.000Z')
const ago = (ms: number) => new Date(now - ms).toISOString()

describe('formatElapsed', () => {
  it('shows days and hours', () => {
    expect(formatElapsed(3 * DAY + 4 * HOUR + 20 * MIN)).toBe('3 days, 4 hours')
    expect(formatElapsed(DAY + HOUR)).toBe('1 day, 1 hour')
    expect(formatElapsed(2 * DAY)).toBe('2 days')
  })
  it('shows hours and minutes under a day', () => {
    expect(formatElapsed(5 * HOUR + 3 * MIN)).toBe('5 hours, 3 minutes')
    expect(formatElapsed(HOUR)).toBe('1 hour')
    expect(formatElapsed(42 * MIN)).toBe('42 minutes')
    expect(formatElapsed(-5)).toBe('0 minutes')
  })
})

describe('formatTimeAgo', () => {
  it('uses relative units under 24 hours', () => {
    expect(formatTimeAgo(ago(20_000), now)).toBe('just now')
    expect(formatTimeAgo(ago(MIN), now)).toBe('1 minute ago')
    expect(formatTimeAgo(ago(5 * MIN), now)).toBe('5 minutes ago')
    expect(formatTimeAgo(ago(3 * HOUR + 59 * MIN), now)).toBe('3 hours ago')
    expect(formatTimeAgo(ago(23 * HOUR), now)).toBe('23 hours ago')
  })
  it('uses elapsed days and hours from 24 hours on', () => {
    expect(formatTimeAgo(ago(DAY), now)).toBe('1 day ago')
    expect(formatTimeAgo(ago(2 * DAY + 4 * HOUR), now)).toBe('2 days, 4 hours ago')
  })
  it('returns nothing for a broken date', () => {
    expect(formatTimeAgo('not a date', now)).toBe('')
    expect(formatDate(null)).toBe('')
    expect(formatDate('2026-11-20T10:00:00.000Z')).toBe('Nov 20, 2026')
  })
})
