import { describe, expect, it } from 'vitest'
import { questionOptionFormSchema, socialPostFormSchema } from './challenges'
import { feedPostWriteSchema } from './feed-posts'
import { MEDIA_PATH } from './media'
import { programPageWriteSchema } from './program-pages'

/**
 * What MediaField and the editor's Insert image write, `/media/{program}/{hex}.{ext}` (the attachment's
 * public_url), is accepted by every contract of a field that picks from the media library.
 */
const IMAGE = '/media/4/0123456789abcdef0123456789abcdef.png'
const VIDEO = '/media/4/fedcba9876543210fedcba9876543210.mp4'

describe('media library paths in the console contracts', () => {
  it('are the shape MEDIA_PATH describes', () => {
    expect(MEDIA_PATH.test(IMAGE)).toBe(true)
    expect(MEDIA_PATH.test(VIDEO)).toBe(true)
  })

  it('a quiz option image (image_radio_button, image_check_box)', () => {
    const option = questionOptionFormSchema.parse({ details: 'Ristretto', image_url: IMAGE, image_alt_text: 'A ristretto' })
    expect(option.image_url).toBe(IMAGE)
    expect(questionOptionFormSchema.safeParse({ details: 'x', image_url: 'javascript:alert(1)' }).success).toBe(false)
  })

  it('a dynamic feed post media_path, image or video', () => {
    expect(feedPostWriteSchema.parse({ post_type: 'image', media_path: IMAGE }).media_path).toBe(IMAGE)
    expect(feedPostWriteSchema.parse({ post_type: 'video', media_path: VIDEO }).media_path).toBe(VIDEO)
    expect(feedPostWriteSchema.safeParse({ post_type: 'image', media_path: '//evil.example/x.png' }).success).toBe(false)
    expect(socialPostFormSchema.parse({ post_type: 'image', media_path: IMAGE }).media_path).toBe(IMAGE)
  })

  it('an image inserted into a program page body', () => {
    const body = `<p>Rules</p><img src="${IMAGE}" alt="Latte art">`
    expect(programPageWriteSchema.parse({ title: 'Rules', slug: 'rules', body }).body).toBe(body)
  })
})
