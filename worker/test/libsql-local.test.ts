import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createLocalLibsqlClient, startBackgroundCheckpoints } from '../src/db/libsql-local'
import { openLibsql } from '../src/db/node'

const dirs: string[] = []
const tempDb = () => {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-local-'))
  dirs.push(dir)
  return join(dir, 'test.db')
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const waitFor = async (check: () => boolean | Promise<boolean>, ms = 30_000) => {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe('local libSQL client', () => {
  it('answers rows by index and by column name, first name wins, and keeps integers exact', async () => {
    const client = createLocalLibsqlClient(':memory:')
    const { rows, columns } = await client.execute("SELECT 1 AS a, 'x' AS b, 2 AS a, 9007199254740991 AS big")
    const row = rows[0]!
    expect(columns).toEqual(['a', 'b', 'a', 'big'])
    expect([row.length, row[0], row[1], row[2], row[3]]).toEqual([4, 1, 'x', 2, 9007199254740991])
    expect({ ...row }).toEqual({ a: 1, b: 'x', big: 9007199254740991 })
    expect(Object.keys(row)).toEqual(['a', 'b', 'big'])
    expect(Array.prototype.slice.call(row)).toEqual([1, 'x', 2, 9007199254740991])
    await expect(client.execute('SELECT 9007199254740993')).rejects.toThrow(RangeError)
    // Names that are indexes or `length` read the index (as @libsql/client's rows do).
    const odd = (await client.execute('SELECT 7 AS x, 8, 9 AS "length", 10 AS "0"')).rows[0]!
    expect([odd.length, odd[0], odd[1], odd.x]).toEqual([4, 7, 8, 7])
    client.close()
  })

  it('checkpoints a WAL file from a worker thread and keeps every committed row', async () => {
    const path = tempDb()
    const { client } = await openLibsql(`file:${path}`, { migrate: false })
    // The app's connection no longer checkpoints inside its commits.
    expect(Number((await client.execute('PRAGMA wal_autocheckpoint')).rows[0]![0])).toBe(0)
    await client.execute('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)')
    for (let i = 0; i < 200; i++) await client.batch([{ sql: 'INSERT INTO t (v) VALUES (?)', args: ['x'.repeat(2000)] }], 'write')
    // The worker copies the WAL into the database file without being asked.
    await waitFor(() => statSync(path).size > 200 * 2000)
    client.close()
    await waitFor(() => !existsSync(`${path}-wal`) || statSync(`${path}-wal`).size === 0)
    const again = createLocalLibsqlClient(`file:${path}`)
    expect(Number((await again.execute('SELECT count(*) FROM t')).rows[0]![0])).toBe(200)
    again.close()
  }, 60_000)

  it('leaves in-memory databases alone', async () => {
    const client = createLocalLibsqlClient(':memory:')
    startBackgroundCheckpoints(client)
    expect(Number((await client.execute('PRAGMA wal_autocheckpoint')).rows[0]![0])).toBe(1000)
    client.close()
  })
})
