import { afterEach, beforeEach } from 'vitest'
import { waitForBuild } from '../worker/local/build-mark'
import { takeBrowserProblems } from './harness'

// Every e2e file serves the built front ends: under `npm test` the build runs beside the first tests.
await waitForBuild('The e2e tests')

// A normal flow logs nothing red (issue 13): every e2e test fails on a console error, an uncaught
// exception, a 4xx/5xx answer or a failed request in any page it drove, unless the test itself declared
// that problem with expectBrowserProblems (e2e/harness.ts).
// Problems found before a test starts came from the file's setup (beforeAll: a console sign-in, a
// seeded page) or from a page left running after the previous test: they fail the next test too.
beforeEach(() => {
  const problems = takeBrowserProblems()
  if (problems.length)
    throw new Error(`The browser reported ${problems.length} problem(s) before this test, in the file's setup or after the previous test:\n${problems.map((p) => `- ${p.kind}: ${p.text}`).join('\n')}`)
})

// A failed attempt that the e2e project's one retry then passes shows only as "(retry x1)": its error
// is printed here, so a flaky step in CI says what it was.
afterEach(({ task }) => {
  if (task.result?.state !== 'fail') return
  const errors = (task.result.errors ?? []).map((e) => `${e.message ?? e}`.split('\n').slice(0, 12).join('\n'))
  console.log(`[e2e] attempt ${(task.result.retryCount ?? 0) + 1} of "${task.name}" failed:\n${errors.join('\n---\n')}`)
})

afterEach(() => {
  const problems = takeBrowserProblems()
  if (problems.length)
    throw new Error(`The browser reported ${problems.length} problem(s) in a normal flow:\n${problems.map((p) => `- ${p.kind}: ${p.text}`).join('\n')}`)
})
