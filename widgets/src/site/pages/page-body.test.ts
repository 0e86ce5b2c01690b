import { describe, expect, it } from 'vitest'
import { bodyToHtml } from './page-body'

describe('bodyToHtml', () => {
  it('turns plain text into escaped paragraphs and keeps HTML for the sanitizer', () => {
    expect(bodyToHtml('One & two.\n\nThree\nfour')).toBe('<p>One &#38; two.</p><p>Three<br>four</p>')
    expect(bodyToHtml('<p>Rich <b>text</b></p>')).toBe('<p>Rich <b>text</b></p>')
    expect(bodyToHtml('  \n\n ')).toBe('')
  })
})
