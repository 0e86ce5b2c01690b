import { describe, expect, it } from 'vitest'
import { nextTableSearch, readTableState, tableSearchSchema } from './table-search'

describe('tableSearchSchema', () => {
  it('keeps valid values and drops invalid ones instead of failing the page', () => {
    expect(tableSearchSchema.parse({ page: 3, per_page: 50, sort: 'name', order: 'desc', q: 'ada', filters: { status: 'active' } })).toEqual({
      page: 3,
      per_page: 50,
      sort: 'name',
      order: 'desc',
      q: 'ada',
      filters: { status: 'active' },
    })
    expect(tableSearchSchema.parse({ page: 0, per_page: 25, order: 'up', filters: 'x' })).toEqual({})
  })

  it('reads numbers the router parsed from a typed URL as text where text is expected', () => {
    expect(tableSearchSchema.parse({ q: 123, page: '2', filters: { tier: 3 } })).toEqual({ q: '123', page: 2, filters: { tier: '3' } })
  })
})

describe('readTableState', () => {
  it('fills the defaults: page 1, 20 per page', () => {
    expect(readTableState({})).toEqual({ page: 1, per_page: 20, sort: undefined, order: undefined, q: undefined, filters: {} })
    expect(readTableState({ sort: 'name' }).order).toBe('asc')
  })
})

describe('nextTableSearch', () => {
  const state = readTableState({ page: 4, q: 'ada', per_page: 30 })

  it('leaves defaults out of the URL', () => {
    expect(nextTableSearch(state, { page: 1, per_page: 20 })).toEqual({
      page: undefined,
      per_page: undefined,
      sort: undefined,
      order: undefined,
      q: 'ada',
      filters: undefined,
    })
  })

  it('goes back to page 1 on a new search, filter, sort or page size', () => {
    expect(nextTableSearch(state, { q: 'bob' }).page).toBeUndefined()
    expect(nextTableSearch(state, { filters: { status: 'active' } })).toMatchObject({ page: undefined, filters: { status: 'active' } })
    expect(nextTableSearch(state, { sort: 'name', order: 'desc' })).toMatchObject({ page: undefined, sort: 'name', order: 'desc' })
    expect(nextTableSearch(state, { page: 5 }).page).toBe(5)
  })

  it('drops empty filters and an empty query', () => {
    expect(nextTableSearch(state, { q: '  ', filters: { status: '' } })).toMatchObject({ q: undefined, filters: undefined })
  })
})
