import { describe, expect, it } from 'vitest'
import { absolutizeMedia } from './media-urls'

/** Uploaded files (worker/src/features/media: /media/{program_id}/{32 hex}.{ext}) are media for the widgets' rewrite. */
describe('absolutizeMedia and uploaded media paths', () => {
  it.each(['png', 'jpg', 'mp4', 'mov', 'webm', 'ogv'])('makes /media/…/….%s absolute on the Tessera origin', (ext) => {
    const path = `/media/12/0123456789abcdef0123456789abcdef.${ext}`
    expect(absolutizeMedia({ image: path }, 'https://t.example')).toEqual({ image: `https://t.example${path}` })
  })
})
