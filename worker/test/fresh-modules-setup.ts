/**
 * Setup of the `dom-mocks` project (vitest.config.ts): its files replace modules with `vi.mock`, and run
 * without isolation, one after another in a worker. Before each file this forgets the mocks the last
 * file registered and every module of the repo it evaluated (and every mocked module), so the next
 * file's `vi.mock` reaches each module it imports, as in a fresh worker. What stays evaluated is
 * node_modules (React, react-dom, Testing Library, happy-dom's globals): importing those again for
 * each file is what isolation cost, about 3.5 s of CPU a file.
 *
 * The same reset vitest does between isolated files (`resetModules` in its runner), minus the packages.
 */
type ModuleNode = { promise?: unknown; exports?: unknown; evaluated: boolean; importers: Set<string> }
const worker = (globalThis as { __vitest_worker__?: { evaluatedModules: { idToModuleMap: Map<string, ModuleNode> } } }).__vitest_worker__
const mocker = (globalThis as { __vitest_mocker__?: { reset(): void } }).__vitest_mocker__
if (!worker || !mocker) throw new Error('fresh-modules-setup: vitest internals changed (no __vitest_worker__ or __vitest_mocker__); run this project isolated instead')

const KEEP = [/\/node_modules\//, /\/vitest\/dist\//, /vitest-virtual-\w+\/dist/, /@vitest\/dist/]

mocker.reset()
for (const [id, node] of worker.evaluatedModules.idToModuleMap) {
  // This file, being evaluated now (vitest evaluates a setup file afresh for each test file).
  if (id.endsWith('/fresh-modules-setup.ts')) continue
  if (!id.startsWith('mock:') && KEEP.some((re) => re.test(id))) continue
  node.promise = undefined
  node.exports = undefined
  node.evaluated = false
  node.importers.clear()
}
// A page left by the last file (a portal, a toast) is not this file's.
document.body.replaceChildren()
