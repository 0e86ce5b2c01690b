import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { adminProgramPermissions, adminUsers, challengeCompletions, challenges, participantActions, participants, programs, visits } from '../src/db/schema'
import { programScope } from '../src/db/scope'
import { lastMail, makeTestApp, type TestBrowser } from './helpers'

export type TestApp = Awaited<ReturnType<typeof makeTestApp>>
export const DAY = 24 * 3600 * 1000

/** A console session for a seeded (or added) admin, through the one-time-code sign-in. */
export async function adminSignIn(t: TestApp, email: string): Promise<TestBrowser> {
  const b = t.browser()
  const start = await b.json<{ data: { browser_token: string } }>('/admin/v2/auth/start', { json: { email } })
  const code = (await lastMail(t.db, email))!.code
  const verify = await b.json('/admin/v2/auth/verify', { json: { otp: code, browser_token: start.body.data.browser_token } })
  expect(verify.status, JSON.stringify(verify.body)).toBe(200)
  return b
}

/** An admin of the demo organization holding exactly `grants` ("resource:action") on `programId`. */
export async function addAdmin(t: TestApp, email: string, programId: number, grants: string[]) {
  const [org] = await t.db.select({ id: programs.organizationId }).from(programs).where(eq(programs.id, programId))
  const [admin] = await t.db.insert(adminUsers).values({ organizationId: org!.id, email, firstName: 'Test', lastName: 'Admin' }).returning()
  if (grants.length) {
    await t.db.insert(adminProgramPermissions).values(
      grants.map((g) => {
        const [resource, action] = g.split(':') as [string, string]
        return { programId, adminUserId: admin!.id, resource, action }
      }),
    )
  }
  return admin!
}

export async function programByKey(t: TestApp, key: string) {
  const [program] = await t.db.select().from(programs).where(eq(programs.publicKey, key))
  return program!
}

type ActionSpec = { daysAgo: number; points?: number; type?: 'Challenge' | 'Reward' | null; actionType?: string; title?: string; completion?: boolean }
type PersonSpec = { first: string; last: string; createdDaysAgo: number; status?: 'active' | 'blocked'; staff?: boolean; points?: number; city?: string; actions?: ActionSpec[] }

/**
 * People with a known history on a program, written straight to the tables (the rollup triggers
 * count them like any writer's rows). Times are `now - daysAgo` days, minus a second per item so
 * that the order is known.
 */
export async function addHistory(t: TestApp, programId: number, people: PersonSpec[]) {
  const scope = programScope(t.db, programId)
  const now = t.clock.now()
  const [challenge] = await scope.select(challenges).limit(1)
  let seq = 0
  const ids: Record<string, number> = {}
  for (const p of people) {
    const [row] = await scope
      .insert(participants, {
        email: `${p.first.toLowerCase()}@example.com`,
        firstName: p.first,
        lastName: p.last,
        status: p.status ?? 'active',
        staff: p.staff ?? false,
        points: p.points ?? 0,
        referralCode: `DASH${programId}${p.first.toUpperCase()}`,
        city: p.city ?? null,
        country: p.city ? 'US' : null,
        createdAt: new Date(now - p.createdDaysAgo * DAY),
      })
      .returning()
    ids[p.first] = row!.id
    for (const a of p.actions ?? []) {
      const at = new Date(now - a.daysAgo * DAY - ++seq * 1000)
      const type = a.type === undefined ? 'Challenge' : a.type
      await scope.insert(participantActions, {
        participantId: row!.id,
        actionType: a.actionType ?? (type === 'Reward' ? 'reward_claimed' : 'challenge_completed'),
        title: a.title ?? `${p.first} ${type ?? 'action'} ${seq}`,
        points: a.points ?? 0,
        actionableType: type,
        actionableId: type === 'Challenge' ? challenge!.id : type === 'Reward' ? 1 : null,
        createdAt: at,
      })
      if (a.completion) {
        await scope.insert(challengeCompletions, { challengeId: challenge!.id, participantId: row!.id, periodKey: `k${seq}`, points: a.points ?? 0, createdAt: at })
      }
    }
  }
  return ids
}

export async function addVisits(t: TestApp, programId: number, daysAgo: number[]) {
  const scope = programScope(t.db, programId)
  for (const [i, d] of daysAgo.entries()) {
    await scope.insert(visits, { visitToken: `fixture-visit-token-${programId}-${i}`, startedAt: new Date(t.clock.now() - d * DAY), surface: 'site' })
  }
}
