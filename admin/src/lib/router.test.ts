import { describe, expect, it } from 'vitest'
import { matchPath, normalizePath } from './router'

describe('matchPath', () => {
  it('matches static paths, ignoring one trailing slash', () => {
    expect(matchPath('/login', '/login')).toEqual({})
    expect(matchPath('/login', '/login/')).toEqual({})
    expect(matchPath('/', '/')).toEqual({})
    expect(matchPath('/login', '/logout')).toBeNull()
  })
  it('captures and decodes params', () => {
    expect(matchPath('/programs/:programId/dashboard', '/programs/12/dashboard')).toEqual({ programId: '12' })
    expect(matchPath('/programs/:programId', '/programs/a%20b')).toEqual({ programId: 'a b' })
    expect(matchPath('/programs/:programId', '/programs/')).toBeNull()
    expect(matchPath('/programs/:programId', '/programs/1/users')).toBeNull()
  })
  it('lets a trailing /* match the rest, or nothing', () => {
    expect(matchPath('/programs/:programId/dashboard/*', '/programs/1/dashboard')).toEqual({ programId: '1' })
    expect(matchPath('/programs/:programId/dashboard/*', '/programs/1/dashboard/actions')).toEqual({
      programId: '1',
    })
    expect(matchPath('/organization/*', '/organizations')).toBeNull()
  })
})

describe('normalizePath', () => {
  it('keeps the root and drops one trailing slash elsewhere', () => {
    expect(normalizePath('/')).toBe('/')
    expect(normalizePath('/a/')).toBe('/a')
  })
})
