import { afterEach, beforeEach } from 'vitest'
import { takeBrowserProblems } from './harness'

// A normal flow logs nothing red (issue 13): every e2e test fails on a console error, an uncaught
// exception, a 4xx/5xx answer or a failed request in any page it drove, unless the test itself declared
// that problem with expectBrowserProblems (e2e/harness.ts).
beforeEach(() => {
  takeBrowserProblems()
})

afterEach(() => {
  const problems = takeBrowserProblems()
  if (problems.length)
    throw new Error(`The browser reported ${problems.length} problem(s) in a normal flow:\n${problems.map((p) => `- ${p.kind}: ${p.text}`).join('\n')}`)
})
