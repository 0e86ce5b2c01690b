// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { I18nProvider } from '../../lib/i18n'
import { createQueryClient } from '../../lib/query-client'
import { MediaField } from './components/media-field'
import { IMAGE_RETRY_DELAYS_MS, RetryImage, retrySrc } from './components/retry-image'
import { mediaText } from './messages'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('RetryImage (spec section 2: 3 retries after 1, 2 and 4 s)', () => {
  it('asks again after 1, 2 and 4 seconds, then gives up', () => {
    vi.useFakeTimers()
    const gaveUp = vi.fn()
    render(<RetryImage src="/media/4/abc.png" alt="Latte" onGiveUp={gaveUp} />)
    const img = () => screen.getByRole('img', { name: 'Latte' })
    expect(img().getAttribute('src')).toBe('/media/4/abc.png')
    expect(IMAGE_RETRY_DELAYS_MS).toEqual([1000, 2000, 4000])
    for (const [attempt, delay] of IMAGE_RETRY_DELAYS_MS.entries()) {
      fireEvent.error(img())
      act(() => vi.advanceTimersByTime(delay - 1))
      expect(img().getAttribute('src')).toBe(retrySrc('/media/4/abc.png', attempt))
      act(() => vi.advanceTimersByTime(1))
      expect(img().getAttribute('src')).toBe(`/media/4/abc.png?retry=${attempt + 1}`)
    }
    fireEvent.error(img())
    act(() => vi.advanceTimersByTime(10_000))
    expect(img().getAttribute('src')).toBe('/media/4/abc.png?retry=3')
    expect(gaveUp).toHaveBeenCalledOnce()
  })
})

describe('MediaField', () => {
  function Harness({ initial }: { initial: string | null }) {
    const [value, setValue] = useState<string | null>(initial)
    return (
      <I18nProvider locale="en">
        <QueryClientProvider client={createQueryClient()}>
          <MediaField programId={4} label="Image" value={value} onChange={setValue} description="PNG or JPEG" />
          <output data-testid="value">{String(value)}</output>
        </QueryClientProvider>
      </I18nProvider>
    )
  }

  it('shows the current image with Change and Remove; Remove clears the value', () => {
    render(<Harness initial="/media/4/0123456789abcdef0123456789abcdef.png" />)
    const group = screen.getByRole('group', { name: 'Image' })
    expect(group.querySelector('img')?.getAttribute('src')).toBe('/media/4/0123456789abcdef0123456789abcdef.png')
    expect(screen.getByRole('button', { name: 'Change' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }))
    expect(screen.getByTestId('value').textContent).toBe('null')
    expect(screen.getByText(mediaText('en', 'noImage'))).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Choose from library' })).toBeTruthy()
  })

  it("speaks the spec's words in Spanish too", () => {
    expect(mediaText('en', 'empty')).toBe('No results, upload a file!')
    expect(mediaText('en', 'updated')).toBe('Attachment updated successfully.')
    expect(mediaText('en', 'error')).toBe('Error!!!')
    expect(mediaText('es', 'empty')).toBe('Sin resultados, ¡sube un archivo!')
  })
})
