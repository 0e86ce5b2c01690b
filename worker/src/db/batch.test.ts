import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { openTestDatabase, TEST_DATABASE } from '../../test/test-database'
import { batch, rawStatement } from './batch'
import { contentTags, programs } from './schema'

/** The one way to batch (decision 0031), on the suite's database: libSQL in `node`, D1 in workerd in `d1`. */
describe(`batch() on ${TEST_DATABASE}`, () => {
  it('runs builders and raw SQL with parameters as one batch, answering each result in order', async () => {
    const { db } = await openTestDatabase()
    const [program] = await db.select().from(programs).limit(1)
    const [inserted, , rows] = await batch(db, [
      db.insert(contentTags).values({ programId: program!.id, name: 'alpha', active: true }).returning({ id: contentTags.id }),
      // INSERT ... SELECT with bound values: what D1 could not bind when it came from db.run(sql...).
      rawStatement(db, sql`INSERT INTO content_tags (program_id, name, active, created_at, updated_at) SELECT ${program!.id}, ${'beta'}, 1, ${Date.now()}, ${Date.now()} WHERE changes() = 1`),
      db.select({ name: contentTags.name }).from(contentTags).where(eq(contentTags.programId, program!.id)),
    ])
    expect(inserted).toHaveLength(1)
    expect(rows.map((r) => r.name).sort()).toEqual(expect.arrayContaining(['alpha', 'beta']))
  })

  it('is all or nothing: a failing statement leaves nothing of the batch written', async () => {
    const { db } = await openTestDatabase()
    const [program] = await db.select().from(programs).limit(1)
    await expect(
      batch(db, [
        db.insert(contentTags).values({ programId: program!.id, name: 'gamma', active: true }),
        rawStatement(db, sql`INSERT INTO content_tags (program_id, name, active, created_at, updated_at) VALUES (${program!.id}, ${'gamma'}, 1, 0, 0)`),
      ]),
    ).rejects.toThrow(/UNIQUE constraint failed/)
    expect(await db.select().from(contentTags).where(eq(contentTags.name, 'gamma'))).toEqual([])
  })

  it('runs a raw statement on its own too, and an empty batch runs nothing', async () => {
    const { db } = await openTestDatabase()
    const [program] = await db.select().from(programs).limit(1)
    await rawStatement(db, sql`INSERT INTO content_tags (program_id, name, active, created_at, updated_at) VALUES (${program!.id}, ${'delta'}, 1, 0, 0)`).run()
    expect(await db.select({ name: contentTags.name }).from(contentTags).where(eq(contentTags.name, 'delta'))).toEqual([{ name: 'delta' }])
    expect(await batch(db, [])).toEqual([])
  })

  it('refuses db.run(sql...) in a batch at compile time (libSQL ran it, D1 answered a 500)', () => {
    const refuse = (db: Awaited<ReturnType<typeof openTestDatabase>>['db']) => {
      // @ts-expect-error: raw SQL enters a batch only through rawStatement
      void batch(db, [db.run(sql`SELECT ${1}`)])
      const mixed = [db.delete(contentTags), db.run(sql`SELECT 1`)]
      // @ts-expect-error: a list that may hold db.run(sql...) is refused as well
      void batch(db, mixed)
    }
    expect(typeof refuse).toBe('function')
  })
})
