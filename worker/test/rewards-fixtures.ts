import { eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import type { ProcessRewardResponse, Reward } from '../../sdk/contract/rewards'
import {
  coupons,
  outbox,
  participantActions,
  participants,
  pointsLedger,
  programs,
  rewardClaims,
  rewards,
  sweepstakeEntries,
} from '../src/db/schema'
import { programScope } from '../src/db/scope'
import type { Deps } from '../src/deps'
import { ledgerInsert } from '../src/features/points/ledger'
import { createParticipantSession } from '../src/features/signin/sessions'
import { makeTestApp } from './helpers'

export type RewardsTest = Awaited<ReturnType<typeof makeRewardsTest>>
export type Member = { id: number; token: string }
export type ClaimBody = Partial<ProcessRewardResponse> & {
  ok?: boolean
  message: string
  error?: { code: string; fields?: Record<string, string> }
}

/** The test app on the demo program, with helpers to add rewards and signed-in participants. */
export async function makeRewardsTest(overrides: Partial<Deps> = {}, programKey = 'demo') {
  const t = await makeTestApp(overrides)
  const [program] = await t.db.select().from(programs).where(eq(programs.publicKey, programKey))
  const scope = programScope(t.db, program!.id)
  // The demo rewards would be awarded along the way (milestones, badges): tests bring their own.
  await t.db.update(rewards).set({ status: 'draft' })
  let seq = 0

  async function addReward(values: Partial<typeof rewards.$inferInsert> = {}, programId = program!.id) {
    const [row] = await programScope(t.db, programId)
      .insert(rewards, {
        name: `Reward ${++seq}`,
        selection: 'redeem',
        threshold: 100,
        limit: 10,
        parameters: {},
        tagList: [],
        ...values,
      })
      .returning()
    return row!
  }

  /** A participant with `points` credited through the ledger and a bearer session token. */
  async function addMember(
    points = 0,
    values: Partial<typeof participants.$inferInsert> = {},
  ): Promise<Member> {
    const n = ++seq
    const [p] = await scope
      .insert(participants, {
        email: `member${n}@example.com`,
        firstName: 'Member',
        lastName: String(n),
        referralCode: `RWD${n}`,
        emailVerifiedAt: new Date(t.clock.now()),
        ...values,
      })
      .returning()
    if (points > 0) {
      await ledgerInsert(scope, {
        participantId: p!.id,
        delta: points,
        kind: 'earn',
        source: 'admin',
        title: 'Test credit',
        idempotencyKey: `test:credit:${p!.id}:${n}`,
      })
    }
    const token = await createParticipantSession(t.db, {
      programId: program!.id,
      participantId: p!.id,
      kind: 'token',
      now: t.clock.now(),
    })
    return { id: p!.id, token }
  }

  async function credit(member: Member, points: number) {
    await ledgerInsert(scope, {
      participantId: member.id,
      delta: points,
      kind: 'earn',
      source: 'admin',
      title: 'Test credit',
      idempotencyKey: `test:credit:${member.id}:${++seq}`,
    })
  }

  type AppLike = { request(input: string, init?: RequestInit): Response | Promise<Response> }
  function call(
    path: string,
    init: {
      member?: Member | null
      json?: unknown
      form?: Record<string, string>
      key?: string
      headers?: Record<string, string>
      app?: AppLike
    } = {},
  ) {
    const headers = new Headers(init.headers)
    headers.set('host', 'localhost')
    if (init.member) headers.set('authorization', `Bearer ${init.member.token}`)
    else headers.set('x-tessera-session', 'token')
    if (init.key) headers.set('idempotency-key', init.key)
    let body: BodyInit | undefined
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json')
      body = JSON.stringify(init.json)
    } else if (init.form) {
      const form = new FormData()
      for (const [k, v] of Object.entries(init.form)) form.append(k, v)
      body = form
    }
    return (init.app ?? t.app).request(`http://localhost${path}`, {
      method: body ? 'POST' : 'GET',
      headers,
      body: body ?? null,
    })
  }

  async function claim(
    member: Member | null,
    rewardId: unknown,
    opts: { key?: string; entries?: number; app?: AppLike } = {},
  ) {
    const res = await call('/public/rewards/process_reward', {
      member,
      ...(opts.app ? { app: opts.app } : {}),
      json:
        opts.entries === undefined ? { reward_id: rewardId } : { reward_id: rewardId, entries: opts.entries },
      ...(opts.key ? { key: opts.key } : {}),
    })
    return { status: res.status, body: (await res.json()) as ClaimBody, res }
  }

  async function get<T = Reward>(path: string, member: Member | null = null) {
    const res = await call(path, { member })
    return { status: res.status, body: (await res.json()) as T }
  }

  async function balance(member: Member) {
    const [p] = await scope.select(participants, eq(participants.id, member.id))
    return { unused: p!.unusedPoints, lifetime: p!.points }
  }

  /** Row counts of everything a claim writes, to prove that a failed claim wrote nothing. */
  async function footprint() {
    const n = async (table: Parameters<typeof scope.count>[0]) => scope.count(table)
    const [claimsCol] = await t.db
      .select({ total: sql<number>`coalesce(sum(${rewards.claims}), 0)` })
      .from(rewards)
    return {
      claims: await n(rewardClaims),
      ledger: await n(pointsLedger),
      actions: await n(participantActions),
      entries: await n(sweepstakeEntries),
      assignedCoupons: (await scope.select(coupons)).filter((c) => c.participantId !== null).length,
      outbox: (await t.db.select().from(outbox)).length,
      claimsColumn: Number(claimsCol!.total),
    }
  }

  async function reward(id: number) {
    const [row] = await t.db.select().from(rewards).where(eq(rewards.id, id))
    return row!
  }

  return {
    ...t,
    program: program!,
    scope,
    addReward,
    addMember,
    credit,
    call,
    claim,
    get,
    balance,
    footprint,
    reward,
  }
}

export function expectFailure(r: { status: number; body: ClaimBody }, status: number, code: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(status)
  expect(r.body).toMatchObject({ ok: false, success: false, error: { code } })
  expect(r.body.message).toEqual(expect.any(String))
}
