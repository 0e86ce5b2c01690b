import { eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { challengeIntents, challengeIntentSchema, challengeListQuerySchema, challengeTabQuerySchema } from '../../../../sdk/contract/console/challenges'
import { adminProgramPermissions } from '../../db/schema'
import type { AppEnv } from '../../env'
import { AppError, forbidden } from '../../lib/errors'
import { parseQuery, readBody } from '../../lib/parse'
import { validationError } from '../../middleware/errors'
import { consoleRoutes } from '../console/console-router'
import { type Action, can } from '../console/permissions'
import { challengeForm, createChallenge, runChallengeIntent, updateChallenge } from './console-challenge-save'
import {
  challengeAnswers,
  challengeAnswersCsv,
  challengeDetail,
  challengeParticipants,
  challengeParticipantsCsv,
  findChallengeOr404,
  listChallenges,
} from './console-challenges'

type C = Context<AppEnv>
const BASE = '/programs/:program_id/challenges'
/** Numeric ids only, so `new` never reads as an id. */
const ONE = `${BASE}/:challenge_id{[0-9]+}`

const challengeOf = (c: C) => findChallengeOr404(c.var.scope, Number(c.req.param('challenge_id')))
const csv = (c: C, body: ReadableStream<Uint8Array>, name: string) =>
  c.body(body, 200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'no-store' })

/** A rule of section 6 beyond the route's own permission (an intent that needs more than update). */
async function requireChallenges(c: C, action: Action) {
  const admin = c.var.admin!
  const grants = await c.var.deps.db
    .select({ resource: adminProgramPermissions.resource, action: adminProgramPermissions.action })
    .from(adminProgramPermissions)
    .where(c.var.scope.where(adminProgramPermissions, eq(adminProgramPermissions.adminUserId, admin.id)))
  if (!can(admin, c.var.program, grants, 'challenges', action)) throw forbidden()
}

/**
 * Challenges console calls (admin-console-part-b.md sections 2, 6 and 7, Challenges). Mounted at
 * /admin/v2. Reading needs challenges view; new and create challenges create; edit, update, approval
 * challenges update; tagging, duplicating (create too) and the table exports challenges manage.
 */
export const challengesConsole = consoleRoutes()
  .get(BASE, ['challenges', 'view'], async (c) => c.json(await listChallenges(c.var.scope, parseQuery(c, challengeListQuerySchema), c.var.deps.clock.now())))
  .get(`${BASE}/new`, ['challenges', 'create'], async (c) => c.json(await challengeForm(c.var.scope, null)))
  .post(BASE, ['challenges', 'create'], async (c) => {
    const saved = await createChallenge(c.var.scope, c.var.deps, await readBody(c))
    return c.json(saved.result, saved.status)
  })
  .get(ONE, ['challenges', 'view'], async (c) => c.json({ data: await challengeDetail(c.var.scope, await challengeOf(c), c.var.deps.clock.now()) }))
  .get(`${ONE}/edit`, ['challenges', 'update'], async (c) => c.json(await challengeForm(c.var.scope, await challengeOf(c))))
  .put(ONE, ['challenges', 'update'], async (c) => {
    const row = await challengeOf(c)
    const saved = await updateChallenge(c.var.scope, c.var.deps, row, await readBody(c))
    return c.json(saved.result, saved.status)
  })
  .post(ONE, ['challenges', 'update'], async (c) => {
    const row = await challengeOf(c)
    const body = await readBody(c)
    if (!challengeIntents.includes(body.intent as never)) throw new AppError('validation_failed', 422, 'Invalid intent', { intent: 'Invalid intent' })
    const parsed = challengeIntentSchema.safeParse(body)
    if (!parsed.success) throw validationError(parsed.error)
    if (parsed.data.intent === 'toggle_tag') await requireChallenges(c, 'manage')
    if (parsed.data.intent === 'duplicate') await requireChallenges(c, 'create')
    return c.json(await runChallengeIntent(c.var.scope, c.var.deps, row, parsed.data))
  })
  .get(`${ONE}/participants`, ['challenges', 'view'], async (c) => c.json(await challengeParticipants(c.var.scope, (await challengeOf(c)).id, parseQuery(c, challengeTabQuerySchema))))
  .get(`${ONE}/participants.csv`, ['challenges', 'manage'], async (c) => {
    const row = await challengeOf(c)
    return csv(c, challengeParticipantsCsv(c.var.scope, row.id), `challenge-${row.id}-participants.csv`)
  })
  .get(`${ONE}/participant_answers`, ['challenges', 'view'], async (c) => c.json(await challengeAnswers(c.var.scope, (await challengeOf(c)).id, parseQuery(c, challengeTabQuerySchema))))
  .get(`${ONE}/participant_answers.csv`, ['challenges', 'manage'], async (c) => {
    const row = await challengeOf(c)
    return csv(c, challengeAnswersCsv(c.var.scope, row.id), `challenge-${row.id}-participant-answers.csv`)
  })
