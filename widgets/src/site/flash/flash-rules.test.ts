import { describe, expect, it } from 'vitest'
import { flashTitle, flashTone, readFlashParams } from './flash-rules'

describe('flash messages', () => {
  it('styles by kind: success green, error red, alert yellow, any other blue', () => {
    expect(flashTone('success')).toBe('success')
    expect(flashTone('error')).toBe('error')
    expect(flashTone('alert')).toBe('alert')
    expect(flashTone('notice')).toBe('info')
    expect(flashTone('info')).toBe('info')
    expect(flashTone('warning')).toBe('info')
  })
  it('reads ?flash= values and drops them from the query', () => {
    expect(readFlashParams('?flash=error:Link%20expired&program=demo')).toEqual({
      messages: [{ kind: 'error', message: 'Link expired' }],
      search: '?program=demo',
    })
    expect(readFlashParams('?flash=success:Paid&flash=Welcome back')).toEqual({
      messages: [
        { kind: 'success', message: 'Paid' },
        { kind: 'notice', message: 'Welcome back' },
      ],
      search: '',
    })
    expect(readFlashParams('?flash=success:%20%20')).toEqual({ messages: [], search: '' })
    expect(readFlashParams('?program=demo')).toEqual({ messages: [], search: '?program=demo' })
    // A colon later in the text is part of the message.
    expect(readFlashParams('?flash=Note: closed Monday').messages).toEqual([
      { kind: 'notice', message: 'Note: closed Monday' },
    ])
  })
  it('titles the modal by the kind of its message', () => {
    expect(flashTitle([{ kind: 'success', message: 'a' }])).toBe('Success')
    expect(flashTitle([{ kind: 'error', message: 'a' }])).toBe('Error')
    expect(
      flashTitle([
        { kind: 'success', message: 'a' },
        { kind: 'error', message: 'b' },
      ]),
    ).toBe('Notifications')
    expect(flashTitle([{ kind: 'alert', message: 'a' }])).toBe('Alert')
    expect(flashTitle([{ kind: 'notice', message: 'a' }])).toBe('Notice')
  })
})
