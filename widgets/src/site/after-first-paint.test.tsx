// @vitest-environment happy-dom
import { render } from 'preact'
import { expect, it } from 'vitest'
import { AfterFirstPaint } from './after-first-paint'

it('draws the first screen alone, then each wrapped part in a task of its own in page order; later mounts at once', async () => {
  const root = document.createElement('div')
  document.body.append(root)
  // Each observer callback holds one task's additions.
  const batches: string[][] = []
  new MutationObserver((records) => batches.push(records.flatMap((r) => [...r.addedNodes].map((n) => n.textContent ?? '')))).observe(root, { childList: true, subtree: true })
  render(
    <>
      <h1>Hero</h1>
      <AfterFirstPaint>
        <p>tiles</p>
      </AfterFirstPaint>
      <AfterFirstPaint>
        <p>rewards</p>
      </AfterFirstPaint>
      <AfterFirstPaint>
        <footer>footer</footer>
      </AfterFirstPaint>
    </>,
    root,
  )
  expect(root.textContent).toBe('Hero')
  await expect.poll(() => root.textContent).toBe('Herotilesrewardsfooter')
  expect(batches.slice(1)).toEqual([['tiles'], ['rewards'], ['footer']])

  // A screen opened later in the same page load renders at once.
  const later = document.createElement('div')
  render(
    <AfterFirstPaint>
      <p>account</p>
    </AfterFirstPaint>,
    later,
  )
  expect(later.textContent).toBe('account')
})
