import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/**
 * A directory made once per `key` under `.cache/<name>/<key>` and shared by the run's processes (and by
 * later runs while the key holds): the first caller runs `build` in it under a lock (creating the
 * directory is the lock) and marks it `ready`; the others wait for the mark, or build it themselves
 * when the builder failed (its directory removed). Directories of other keys are removed, being of no
 * more use. Answers the directory. Used for the Worker's bundle (deployed-worker.ts) and the migrated
 * local D1 of the e2e files on wrangler dev (e2e/harness.ts).
 */
export async function sharedCacheDir(name: string, key: string, build: (dir: string) => Promise<void> | void): Promise<string> {
  const dir = resolve(ROOT, '.cache', name, key)
  const ready = join(dir, 'ready')
  if (existsSync(ready)) return dir
  mkdirSync(dirname(dir), { recursive: true })
  let mine = false
  try {
    mkdirSync(dir)
    mine = true
  } catch {}
  if (mine) {
    for (const old of readdirSync(dirname(dir))) if (old !== key) rmSync(join(dirname(dir), old), { recursive: true, force: true })
    try {
      await build(dir)
      writeFileSync(ready, '')
    } catch (err) {
      rmSync(dir, { recursive: true, force: true })
      throw err
    }
    return dir
  }
  for (let i = 0; i < 1200 && !existsSync(ready); i++) {
    if (!existsSync(dir)) return sharedCacheDir(name, key, build) // the builder failed: try ourselves
    await new Promise((r) => setTimeout(r, 100))
  }
  if (!existsSync(ready)) throw new Error(`${dir} was not ready after 120 s`)
  return dir
}
