import { mkdtempSync, rmSync, statSync } from 'node:fs'
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
  it('reads a one-row query (limit ? bound to 1) like any other: rows, shapes, empty and larger limits', async () => {
    const client = createLocalLibsqlClient(':memory:')
    await client.execute('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, big INTEGER)')
    await client.execute("INSERT INTO t VALUES (1, 'a', 9007199254740991), (2, 'b', 2), (3, 'c', 3)")
    const one = await client.execute({ sql: 'SELECT id, name, big FROM t WHERE id >= ? ORDER BY id limit ?', args: [2, 1] })
    expect(one.columns).toEqual(['id', 'name', 'big'])
    expect(one.rows.map((r) => ({ ...r }))).toEqual([{ id: 2, name: 'b', big: 2 }])
    expect([one.rows[0]![0], one.rows[0]!.length]).toEqual([2, 3])
    const none = await client.execute({ sql: 'SELECT id FROM t WHERE id > ? limit ?', args: [9, 1] })
    expect(none.rows).toEqual([])
    const two = await client.execute({ sql: 'SELECT id FROM t ORDER BY id limit ?', args: [2] })
    expect(two.rows.map((r) => r.id)).toEqual([1, 2])
    const exact = await client.execute({ sql: 'SELECT big FROM t WHERE id = ? limit ?', args: [1, 1] })
    expect(exact.rows[0]!.big).toBe(9007199254740991)
    client.close()
  })

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
    const again = createLocalLibsqlClient(`file:${path}`)
    expect(Number((await again.execute('SELECT count(*) FROM t')).rows[0]![0])).toBe(200)
    again.close()
  }, 60_000)

  it('commits the batches of one turn together, each all-or-nothing', async () => {
    const client = createLocalLibsqlClient(':memory:')
    await client.execute('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL UNIQUE)')
    const insert = (v: string | null) => ({ sql: 'INSERT INTO t (v) VALUES (?) RETURNING id', args: [v] })
    const results = await Promise.allSettled([
      client.batch([insert('a'), insert('b')]),
      client.batch([insert('c'), insert(null)]), // fails on its second statement
      client.batch([insert('d')]),
      client.batch([insert('a')]), // fails: 'a' is taken by the first batch
    ])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected'])
    const first = results[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof client.batch>>>
    expect(first.value.map((r) => r.rows[0]!.id)).toEqual([1, 2])
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ name: 'LibsqlBatchError', statementIndex: 1 })
    expect((results[3] as PromiseRejectedResult).reason.message).toMatch(/UNIQUE/)
    // 'c' went with its batch.
    expect((await client.execute('SELECT v FROM t ORDER BY id')).rows.map((r) => r[0])).toEqual(['a', 'b', 'd'])
    client.close()
  })

  it('leaves in-memory databases alone', async () => {
    const client = createLocalLibsqlClient(':memory:')
    startBackgroundCheckpoints(client)
    expect(Number((await client.execute('PRAGMA wal_autocheckpoint')).rows[0]![0])).toBe(1000)
    client.close()
  })
})
