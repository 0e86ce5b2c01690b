import { readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The order the first group's projects start in (vitest's own is by name, which put workerd last). The
 * workerd project's start (the Worker's modules sent into workerd, about 16-20 s mostly on one core) runs
 * with few other files wherever it goes; right after d1 it sits where d1's last files end.
 */
const PROJECT_ORDER = ['d1', 'd1-mocks', 'workerd', 'dom', 'dom-mocks', 'node', 'node-mocks', 'e2e']

/** A shared suite a file runs part of (`import { matrixSuite } from './console-permissions-suite'`). */
const SUITE_IMPORT = /from '(\.\/[\w-]+-suite)'/g

const weights = new Map<string, number>()
/**
 * What vitest guesses a file's length from on a run without its results cache (a clean clone): its size.
 * A file that runs part of a shared suite (the permission matrix: three 142-byte files, the longest of
 * their projects) also weighs that suite's size, so it starts early instead of last.
 */
function weight(file: string): number {
  let w = weights.get(file)
  if (w !== undefined) return w
  try {
    const text = readFileSync(file, 'utf8')
    w = text.length
    for (const m of text.matchAll(SUITE_IMPORT)) w += statSync(join(dirname(file), `${m[1]}.ts`)).size
  } catch {
    w = 0
  }
  weights.set(file, w)
  return w
}

/**
 * Vitest's sequencer (group order, then project, isolated files first, failed and then longer files
 * first from the results cache), with the projects in PROJECT_ORDER and, without cached results,
 * heavier files first by weight().
 */
export class TestOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const rank = (spec: TestSpecification) => {
      const i = PROJECT_ORDER.indexOf(spec.project.name)
      return i === -1 ? PROJECT_ORDER.length : i
    }
    const cached = (spec: TestSpecification) => this.ctx.cache.getFileTestResults(`${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`)
    // A stable sort: files it does not tell apart keep vitest's order.
    return sorted.sort((a, b) => {
      const groups = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder
      if (groups !== 0) return groups
      const projects = rank(a) - rank(b)
      if (projects !== 0 || a.project.config.isolate !== b.project.config.isolate || cached(a) || cached(b)) return projects
      return weight(b.moduleId) - weight(a.moduleId)
    })
  }
}
