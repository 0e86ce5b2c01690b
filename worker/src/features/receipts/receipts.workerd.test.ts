import { env } from 'cloudflare:test'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createD1Db } from '../../db/client'
import { participants, pointsLedger, programs, receipts } from '../../db/schema'
import { programScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { seed } from '../../../test/workerd-helpers'
import { hammingDistance, imageHash } from './image-hash'
import { applyReceiptWrite } from './receipt-write'
import './image-decoders-workers'

/**
 * The receipts' Workers path: the guarded write on D1 (a stale save fails whole, so concurrent saves
 * credit once) and the perceptual hash with the wasm codecs bundled by wrangler.
 */

/** A 16×16 PNG with diagonal bands (base64; a perceptual hash needs a pattern). */
const BANDS = 'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAAAAAA6mKC9AAAAIUlEQVR4nGNgYGBg+P///39q0gzo4gzo6hjQ9TEMEncAAMD9f4HyAdAfAAAAAElFTkSuQmCC'
const bytesOf = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))

describe('receipts on Workers', () => {
  it('decodes a PNG with the bundled wasm codec and hashes it', async () => {
    const hash = await imageHash(bytesOf(BANDS), 'image/png')
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect(hammingDistance(hash!, hash!)).toBe(0)
  })

  it('credits once when concurrent writes race on D1: the stale batch fails whole', async () => {
    await seed()
    const db = createD1Db(env.DB)
    const [program] = await db.select().from(programs).where(eq(programs.publicKey, 'demo'))
    const scope = programScope(db, program!.id)
    const [p] = await scope.insert(participants, { email: `d1-${Date.now()}@example.com`, firstName: 'D', lastName: 'One', referralCode: `D1${Date.now()}` }).returning()
    const [r] = await scope.insert(receipts, { participantId: p!.id, status: 'needs_human_review', points: 120 }).returning()
    const deps = { db, clock: { now: () => Date.now() }, config: { secret: 'x' } } as unknown as Deps
    const save = () =>
      applyReceiptWrite(scope, deps, r!, { set: { status: 'processed' }, credited: 120, title: 'Receipt approved', log: { adminUserId: null, action: 'marked_valid', statusTo: 'processed' } }).then(
        () => 'ok',
        (err: { status?: number }) => err.status,
      )
    const results = await Promise.all(Array.from({ length: 10 }, save))
    expect(results.filter((x) => x === 'ok')).toHaveLength(1)
    expect(results.filter((x) => x === 409)).toHaveLength(9)
    const ledger = await scope.select(pointsLedger, and(eq(pointsLedger.source, 'receipt'), eq(pointsLedger.sourceId, r!.id)))
    expect(ledger.map((l) => l.delta)).toEqual([120])
    const [after] = await scope.select(participants, eq(participants.id, p!.id))
    expect(after!.unusedPoints).toBe(120)
    const [row] = await scope.select(receipts, eq(receipts.id, r!.id))
    expect(row).toMatchObject({ status: 'processed', creditedPoints: 120, version: 1 })
  })
})
