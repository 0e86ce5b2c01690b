import { describe, expect, it } from 'vitest'
import { PAGE_SIZES, pageWindow, profileLines, shownRange } from './account-format'

describe('profileLines', () => {
  it('orders known attributes, labels them and splits affiliation', () => {
    expect(
      profileLines({
        affiliation: 'Student, Runner ,',
        city: 'Austin',
        phone: '+1 512 555 0100',
        address_2: null,
        postal: '  ',
        favourite_drink: 'Cortado',
      }),
    ).toEqual([
      { key: 'phone', label: 'Phone', value: '+1 512 555 0100', list: null },
      { key: 'city', label: 'City', value: 'Austin', list: null },
      { key: 'affiliation', label: 'About you', value: 'Student, Runner ,', list: ['Student', 'Runner'] },
      { key: 'favourite_drink', label: 'Favourite drink', value: 'Cortado', list: null },
    ])
    expect(profileLines(undefined)).toEqual([])
  })
})

describe('activity paging', () => {
  it('offers page sizes 10 to 50', () => {
    expect(PAGE_SIZES).toEqual([10, 20, 30, 40, 50])
  })
  it('shows the first, last and neighbouring pages with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1])
    expect(pageWindow(1, 4)).toEqual([1, 2, null, 4])
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10])
    expect(pageWindow(10, 10)).toEqual([1, null, 9, 10])
  })
  it('describes the rows shown', () => {
    expect(shownRange(2, 10, 37)).toBe('Showing 11 to 20 of 37')
    expect(shownRange(4, 10, 37)).toBe('Showing 31 to 37 of 37')
    expect(shownRange(1, 10, 0)).toBe('No activity yet')
  })
})
