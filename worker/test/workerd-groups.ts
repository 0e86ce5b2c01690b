/// <reference types="vite/types/importMeta.d.ts" />
import { describe } from 'vitest'

/**
 * The workerd project runs its test files in three groups, one test file each (workerd-group-N.workerd.test.ts),
 * instead of one file at a time: every test file in the workers pool starts a fresh runtime and loads
 * the Worker's modules into it (10 to 14 s of a 2-core machine), which was most of the project's time
 * (17 files: 116 s; the same tests in three groups: see README, CI time). The files stay in their
 * feature folders, named `*.workerd.test.ts`; each runs inside a `describe` named by its path, so its
 * hooks stay its own and `-t <feature>` picks one out:
 *
 *   npx vitest run --project workerd -t dashboard
 *
 * The files of a group share the group's D1 database. Files that count rows from a fresh seed lead a
 * group of their own (FRESH_DATABASE); the others use their own rows (random emails, their own ids).
 */
const FILES = import.meta.glob(['../src/**/*.workerd.test.ts', './*.workerd.test.ts', '!./workerd-group-*'])

/** Files that need the database as the seed left it: each leads its own group. */
const FRESH_DATABASE = ['./d1.workerd.test.ts', '../src/features/dashboard/dashboard.workerd.test.ts']

export const GROUPS = 3

/** The files of group `n` (1-based): the fresh-database files lead groups 1 and 2, the rest dealt in turn by path. */
export function groupFiles(n: number): string[] {
  const rest = Object.keys(FILES)
    .filter((f) => !FRESH_DATABASE.includes(f))
    .sort()
  const groups: string[][] = Array.from({ length: GROUPS }, (_, i) => (FRESH_DATABASE[i] ? [FRESH_DATABASE[i]!] : []))
  // Dealt to the group with the fewest files, so the two led by a fresh-database file are not longer.
  for (const f of rest) groups.reduce((a, b) => (b.length < a.length ? b : a)).push(f)
  return groups[n - 1]!
}

/** Registers group `n`'s files, each in a describe named by its path (hooks and all). */
export function runGroup(n: number) {
  for (const file of groupFiles(n)) describe(file, async () => void (await FILES[file]!()))
}
