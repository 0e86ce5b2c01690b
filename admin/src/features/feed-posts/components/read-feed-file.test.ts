import { describe, expect, it } from 'vitest'
import { readFeedFile } from './read-feed-file'

const file = (text: string, type: string, name = 'posts.json') => new File([text], name, { type })

describe('the upload dialog reads the chosen file (spec section 5)', () => {
  it('asks for a file, refuses anything but application/json, and a file that does not parse as posts', async () => {
    expect(await readFeedFile(undefined)).toEqual({ ok: false, problem: 'noFile' })
    expect(await readFeedFile(file('[]', 'text/plain', 'posts.txt'))).toEqual({ ok: false, problem: 'invalidFile' })
    // The declared type decides, as the spec says, not the name.
    expect(await readFeedFile(file('[]', '', 'posts.json'))).toEqual({ ok: false, problem: 'invalidFile' })
    expect(await readFeedFile(file('{"posts": [', 'application/json'))).toEqual({ ok: false, problem: 'badJson' })
    expect(await readFeedFile(file('{"items": []}', 'application/json'))).toEqual({ ok: false, problem: 'badJson' })
  })

  it('takes a list of posts or an object with a posts list', async () => {
    expect(await readFeedFile(file('[{"id":1}]', 'application/json'))).toEqual({ ok: true, posts: [{ id: 1 }] })
    expect(await readFeedFile(file('{"posts":[{"id":"a"}]}', 'application/json'))).toEqual({ ok: true, posts: [{ id: 'a' }] })
  })
})
