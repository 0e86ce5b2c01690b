import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { consoleRouteTable, createApp } from '../src/app'
import { adminProgramPermissions, adminSessions, adminTags, adminUsers, contentTags, domainLists, evergreenSettings, pages, programs, rewardClaims, rewards, socialNetworkPosts } from '../src/db/schema'
import { programScope } from '../src/db/scope'
import type { ProgramRow } from '../src/env'
import type { ConsoleRoute } from '../src/features/console/console-router'
import { can, featureGates, type Resource } from '../src/features/console/permissions'
import { challengeMatrixFixtures } from './challenges-console-fixtures'
import { adminBrowser, makeAdmin, makeOrganization, makeProgram } from './console-fixtures'
import { confirmMove, moveProgram } from '../src/features/shards/move'
import { twoShards } from '../src/features/shards/shards-fixtures'
import {
  buildWorld,
  expectedAllowed,
  type Fixture,
  fixtureFor,
  fixtureKit,
  type FixtureKit,
  type MatrixAdmin,
  matrixDeps,
  type Params,
  totalChanges,
  type World,
} from './console-matrix'
import { makeTestApp } from './helpers'
import { sweepstakeFor } from './sweepstake-fixtures'
import { collectibleRewardFor, collectionTxFor } from '../src/features/collectibles/collectibles-fixtures'
import { BORDER_KEYS, BRANDING_COLOR_KEYS } from '../../sdk/contract/console/branding'
import { integrationMatrixFixtures } from '../src/features/integrations/integrations-fixtures'
import { settingsMatrixFixtures } from '../src/features/settings/settings-fixtures'
import { mediaMatrixFixtures } from '../src/features/media/media-matrix-fixtures'
import { referralMatrixFixtures } from '../src/features/referrals/referrals-fixtures'
import { receiptMatrixFixtures } from '../src/features/receipts/receipts-fixtures'

/**
 * How to call each console endpoint with a valid request: ONE LINE PER ROUTE, keyed `METHOD path` as in
 * consoleRouteTable. A GET whose only path parameter is :program_id needs no line (it is called bare);
 * every other route needs one, and this test fails until it has it.
 * - params(kit, program): the path parameters besides :program_id, ids of rows of `program`; called
 *   again with another program to put a foreign child id in an own program's path (must be 404).
 *   Make rows fresh when the route changes or deletes them: allowed calls really happen.
 * - body(kit, program): a minimal valid body, fresh names (JSON, or FormData for multipart).
 * - query: a query string without `?`. allowedStatus: an allowed call's answer when it is not 2xx.
 * - alsoNeeds: pairs of which the caller needs one too, for a rule the handler adds to the route's.
 * - otherProgramBody: a body naming what the caller may not touch (another organization's program or
 *   rows), sent by the own organization's admins the route lets in: refused with `status`, no write.
 */
const FIXTURES: Record<string, Fixture> = {
  'PUT /me': { body: () => ({ preferred_locale: 'en' }) },
  'POST /programs': { body: (k) => ({ name: k.unique('P').slice(0, 30) }) },
  'GET /programs/:program_id/search': { query: 'q=a' },
  'POST /users': {
    body: (k) => ({ first_name: 'Matrix', last_name: 'Invitee', email: `${k.unique('invitee')}@example.com` }),
    otherProgramBody: { body: (k) => ({ first_name: 'M', last_name: 'I', email: `${k.unique('x')}@example.com`, permissions: [{ program_id: k.foreign.id, resource: 'users', action: 'view' }] }), status: 422 },
  },
  'POST /feature_programs': { body: (k) => ({ program_id: k.own.id, feature: 'donation_challenge', enabled: true }) },
  'GET /programs/:program_id/dashboard/actions.csv': { alsoNeeds: [['users', 'manage'], ['challenges', 'manage']] }, // "Exporting tables needs users or challenges manage"
  // Participants (participants/admin.ts): the tabs read one participant of the program in the path.
  ...participantTabs(['', '/actions', '/rewards', '/challenges', '/questions', '/participant_answers', '/recruited', '/receipts', '/attributes', '/attributes/new']),
  // "Export data" (privacy/admin.ts, users manage): the participant's data file.
  ...participantTabs(['/export']),
  // Settings > Data retention (privacy/admin.ts, program manage).
  'PATCH /programs/:program_id/settings/retention': { body: () => ({ receipt_images_days: 60, ip_device_days: null }) },
  // The matrix programs have no chain integration: an allowed call is told so (404), a refused one 403.
  'GET /programs/:program_id/participants/:participant_id{[0-9]+}/blockchain_transactions': { params: async (k, p) => ({ participant_id: await k.participant(p) }), allowedStatus: 404 },
  'POST /programs/:program_id/participants/:participant_id{[0-9]+}': {
    params: async (k, p) => ({ participant_id: await k.participant(p) }),
    body: () => ({ intent: 'update_participant', status: 'blocked' }),
  },
  'GET /programs/:program_id/participants/imports/:job_id{[0-9]+}': { params: async (k, p) => ({ job_id: await k.importJob(p) }) },
  'POST /programs/:program_id/participants/import': { body: (k) => importForm(k.unique('imp')) },
  'POST /programs/:program_id/participants/:participant_id{[0-9]+}/attributes': {
    params: async (k, p) => ({ participant_id: (await k.profileAttribute(p)).participant_id }),
    body: () => ({ attribute_display_name: 'Matrix color', value: 'green' }),
  },
  'GET /programs/:program_id/participants/:participant_id{[0-9]+}/attributes/:attribute_id{[0-9]+}/edit': { params: (k, p) => k.profileAttribute(p) },
  'PATCH /programs/:program_id/participants/:participant_id{[0-9]+}/attributes/:attribute_id{[0-9]+}': {
    params: (k, p) => k.profileAttribute(p),
    body: () => ({ attribute_display_name: 'Matrix color', value: 'green' }),
  },
  // The same update as the console's generic forms send it (PUT).
  'PUT /programs/:program_id/participants/:participant_id{[0-9]+}/attributes/:attribute_id{[0-9]+}': {
    params: (k, p) => k.profileAttribute(p),
    body: () => ({ attribute_display_name: 'Matrix color', value: 'green' }),
  },
  // Challenges (challenges/admin.ts): a fresh challenge of the program in the path.
  ...challengeMatrixFixtures,
  // Program settings (settings/admin.ts): general, labels, seo, enrollment, test mode, profile attributes, tiers.
  ...settingsMatrixFixtures,
  // Media library (media/admin.ts, program update): a multipart PNG upload; a fresh attachment row.
  ...mediaMatrixFixtures,
  ...referralMatrixFixtures,
  ...receiptMatrixFixtures,
  // e.g. 'GET /programs/:program_id/participants/:participant_id': { params: async (k, p) => ({ participant_id: await k.participant(p) }) },
  // Rewards (rewards/admin.ts): the detail, its tabs and actions read one reward of the program in the path.
  'POST /programs/:program_id/rewards': { body: (k) => rewardForm(k.unique('Reward')) },
  ...rewardRoutes(['GET ', 'GET /edit', 'GET /reward_participants', 'GET /coupons', 'GET /sweepstake', 'GET /mini_contest', 'GET /participants.csv', 'GET /sweepstake.csv']),
  'PUT /programs/:program_id/rewards/:reward_id{[0-9]+}': { params: async (k, p) => ({ reward_id: await matrixReward(k, p) }), body: (k) => rewardForm(k.unique('Reward')) },
  'POST /programs/:program_id/rewards/:reward_id{[0-9]+}': { params: async (k, p) => ({ reward_id: await matrixReward(k, p) }), body: (k) => ({ intent: 'toggle_tag', tag: k.unique('t') }) },
  'PUT /programs/:program_id/reward_participants/:claim_id{[0-9]+}': { params: async (k, p) => ({ claim_id: await matrixClaim(k, p) }), body: () => ({ status: 'refunded' }) },
  'POST /programs/:program_id/rewards/:reward_id{[0-9]+}/coupons': { params: async (k, p) => ({ reward_id: await matrixReward(k, p) }), body: (k) => ({ codes: `${k.unique('C')},${k.unique('C')}` }) },
  // Collectibles (collectibles/service.ts): the tab of a fresh achievement with a collection on the simulated chain.
  'GET /programs/:program_id/rewards/:reward_id{[0-9]+}/blockchain_transactions': { params: async (k, p) => ({ reward_id: await collectibleRewardFor(k.db, p.id, k.unique('Badge')) }) },
  'GET /programs/:program_id/blockchain_transactions/:hash{(0x)?[0-9a-f]{64}}': { params: async (k, p) => ({ hash: await collectionTxFor(k.db, p.id, k.unique('Badge')) }) },
  // Provably fair draws (sweepstakes/admin.ts): a fresh sweepstake of the program in the path, open, committed or drawn.
  'GET /programs/:program_id/rewards/:reward_id{[0-9]+}/fair_draw': { params: (k, p) => sweepstakeFor(k.db, p, 'open') },
  'POST /programs/:program_id/rewards/:reward_id{[0-9]+}/fair_draw/commit': { params: (k, p) => sweepstakeFor(k.db, p, 'open'), body: () => ({}) },
  'POST /programs/:program_id/rewards/:reward_id{[0-9]+}/fair_draw/draw': { params: (k, p) => sweepstakeFor(k.db, p, 'committed'), body: () => ({}) },
  'GET /programs/:program_id/rewards/:reward_id{[0-9]+}/fair_draw/audit.json': { params: (k, p) => sweepstakeFor(k.db, p, 'drawn') },
  // Integrations settings (integrations/admin.ts, program update): fresh keys, pages and webhooks of the program in the path.
  ...integrationMatrixFixtures,
  // Tags (tags/admin.ts, program update): a fresh content or admin tag of the program in the path.
  'POST /programs/:program_id/content_tags': { body: (k) => ({ name: k.unique('tag'), active: true }) },
  'GET /programs/:program_id/content_tags/:tag_id{[0-9]+}': { params: async (k, p) => ({ tag_id: await matrixTag(k, p, contentTags) }) },
  'GET /programs/:program_id/content_tags/:tag_id{[0-9]+}/edit': { params: async (k, p) => ({ tag_id: await matrixTag(k, p, contentTags) }) },
  'PUT /programs/:program_id/content_tags/:tag_id{[0-9]+}': { params: async (k, p) => ({ tag_id: await matrixTag(k, p, contentTags) }), body: (k) => ({ name: k.unique('tag'), active: false }) },
  'POST /programs/:program_id/admin_tags': { body: (k) => ({ name: k.unique('tag') }) },
  'GET /programs/:program_id/admin_tags/:tag_id{[0-9]+}': { params: async (k, p) => ({ tag_id: await matrixTag(k, p, adminTags) }) },
  'GET /programs/:program_id/admin_tags/:tag_id{[0-9]+}/edit': { params: async (k, p) => ({ tag_id: await matrixTag(k, p, adminTags) }) },
  'PUT /programs/:program_id/admin_tags/:tag_id{[0-9]+}': { params: async (k, p) => ({ tag_id: await matrixTag(k, p, adminTags) }), body: (k) => ({ name: k.unique('tag') }) },
  // Domain list (domains/admin.ts, program update): a fresh partner domain; a fresh row to remove.
  'POST /programs/:program_id/domain_lists': { body: (k) => ({ domain: `${k.unique('d')}.partner.example`, domain_type: 'other' }) },
  'DELETE /programs/:program_id/domain_lists/:domain_id{[0-9]+}': { params: async (k, p) => ({ domain_id: (await programScope(k.db, p.id).insert(domainLists, { domain: `${k.unique('d')}.example.com` }).returning({ id: domainLists.id }))[0]!.id }) },
  // Evergreen settings (evergreen/admin.ts, program update): a fresh definition of the program.
  'GET /programs/:program_id/evergreen_settings/:setting_id{[0-9]+}': { params: async (k, p) => ({ setting_id: await matrixEvergreen(k, p) }) },
  'POST /programs/:program_id/evergreen_setting_values': { body: async (k, p) => ({ evergreen_setting_id: await matrixEvergreen(k, p), active: true }) },
  // Dynamic feed posts (feed-posts/admin.ts, dynamic_feed_posts manage, feature-gated): a fresh post of the program.
  'POST /programs/:program_id/dynamic_feed_posts': { body: (k) => ({ post_type: 'image', media_path: `/files/${k.unique('m')}.jpg` }) },
  'GET /programs/:program_id/dynamic_feed_posts/:post_id{[0-9]+}/edit': { params: async (k, p) => ({ post_id: await matrixFeedPost(k, p) }) },
  'PUT /programs/:program_id/dynamic_feed_posts/:post_id{[0-9]+}': { params: async (k, p) => ({ post_id: await matrixFeedPost(k, p) }), body: (k) => ({ post_type: 'video', media_path: `/files/${k.unique('m')}.mp4` }) },
  'POST /programs/:program_id/dynamic_feed_posts/import': { body: (k) => ({ posts: [{ id: k.unique('post'), post_type: 'image', media_path: 'https://cdn.example.com/a.jpg' }] }) },
  'POST /programs/:program_id/program_pages': { body: (k) => ({ title: 'Matrix page', slug: k.unique('page'), body: '<p>Hi</p>' }) },
  'GET /programs/:program_id/program_pages/:program_page_id{[0-9]+}': { params: async (k, p) => ({ program_page_id: await matrixPage(k, p) }) },
  'GET /programs/:program_id/program_pages/:program_page_id{[0-9]+}/edit': { params: async (k, p) => ({ program_page_id: await matrixPage(k, p) }) },
  'PUT /programs/:program_id/program_pages/:program_page_id{[0-9]+}': { params: async (k, p) => ({ program_page_id: await matrixPage(k, p) }), body: (k) => ({ title: 'Matrix page', slug: k.unique('page'), body: '' }) },
  'POST /programs/:program_id/program_pages/:program_page_id{[0-9]+}/publish': { params: async (k, p) => ({ program_page_id: await matrixPage(k, p) }) },
  'POST /programs/:program_id/program_pages/:program_page_id{[0-9]+}/archive': { params: async (k, p) => ({ program_page_id: await matrixPage(k, p) }) },
  'POST /programs/:program_id/navigation_menus': { body: (k) => ({ navigation_menus: [{ name: k.unique('menu'), navigation_url: '/rules', show_in_tab: false, show_on_logout: true }] }) },
  'POST /programs/:program_id/carousels': { body: (k) => ({ carousels: [{ title: k.unique('slide'), link: '/rules', image: null }] }) },
  // Branding (branding/admin.ts, program update): the whole branding, and the unsaved preview.
  'PUT /programs/:program_id/template_details': { body: (k) => matrixBranding(k.unique('Hero')) },
  'POST /programs/:program_id/template_details/preview': { body: () => ({ element_css_style: { 'perk-primary': '#112233' }, css: 'a{color:red}' }) },
}

/** A valid branding (sdk/contract/console/branding.ts): every colour, border, font and required asset. */
function matrixBranding(heroTitle: string) {
  const colors = Object.fromEntries(BRANDING_COLOR_KEYS.map((key) => [key, '#336699']))
  const borders = Object.fromEntries(BORDER_KEYS.map((key) => [key, 'medium']))
  const image = '/media/1/matrix.png'
  return {
    element_css_style: { ...colors, ...borders, header_font: 'Inter', body_font: 'Inter', theme: 'light' },
    favicon_file: image,
    header_logo: image,
    footer_logo: image,
    overlay_image: image,
    header_background_image: image,
    header_text: heroTitle,
    header_description: 'Matrix hero',
    css: '.hero{color:#000}',
  }
}

/** A fresh draft program page of `program`; answers its id. */
async function matrixPage(k: FixtureKit, program: ProgramRow) {
  const [row] = await programScope(k.db, program.id).insert(pages, { title: 'Matrix page', slug: k.unique('page') }).returning({ id: pages.id })
  return row!.id
}

/** A fresh evergreen setting definition of `program`; answers its id. */
async function matrixEvergreen(k: FixtureKit, program: ProgramRow) {
  const [row] = await programScope(k.db, program.id).insert(evergreenSettings, { key: k.unique('e'), name: 'Matrix setting' }).returning({ id: evergreenSettings.id })
  return row!.id
}

/** A fresh dynamic feed post of `program`; answers its id. */
async function matrixFeedPost(k: FixtureKit, program: ProgramRow) {
  const [row] = await programScope(k.db, program.id).insert(socialNetworkPosts, { postType: 'image', mediaPath: `/files/${k.unique('m')}.jpg` }).returning({ id: socialNetworkPosts.id })
  return row!.id
}

/** A fresh content or admin tag of `program`; answers its id. */
async function matrixTag(k: FixtureKit, program: ProgramRow, table: typeof contentTags | typeof adminTags) {
  const [row] = await programScope(k.db, program.id).insert(table, { name: k.unique('tag') }).returning({ id: table.id })
  return row!.id
}

/** The import form (multipart): a one-row CSV, fresh each time (the same file is recognised). */
function importForm(tag: string) {
  const form = new FormData()
  form.set('email', 'replace')
  form.set('points', 'replace')
  form.set('csv_file', new File([`email,first_name,last_name\n${tag}@example.com,Matrix,${tag}\n`], `${tag}.csv`, { type: 'text/csv' }))
  return form
}

/** One fixture line per reward GET: `GET .../rewards/:reward_id{[0-9]+}<tab>`. */
function rewardRoutes(lines: string[]): Record<string, Fixture> {
  const line: Fixture = { params: async (k, p) => ({ reward_id: await matrixReward(k, p) }) }
  return Object.fromEntries(lines.map((l) => { const [method, tab] = l.split(' '); return [`${method} /programs/:program_id/rewards/:reward_id{[0-9]+}${tab}`, line] }))
}

/** A fresh redeem reward of `program`; answers its id. */
async function matrixReward(k: FixtureKit, program: ProgramRow) {
  const [row] = await programScope(k.db, program.id).insert(rewards, { name: k.unique('Reward'), selection: 'redeem', threshold: 10, limit: 5, parameters: {}, tagList: [] }).returning({ id: rewards.id })
  return row!.id
}

/** A fresh claim of a fresh reward of `program` by a fresh participant; answers the claim's id. */
async function matrixClaim(k: FixtureKit, program: ProgramRow) {
  const [rewardId, participantId] = [await matrixReward(k, program), await k.participant(program)]
  const [row] = await programScope(k.db, program.id).insert(rewardClaims, { rewardId, participantId, claimKey: 'once', status: 'claimed' }).returning({ id: rewardClaims.id })
  await programScope(k.db, program.id).update(rewards, { claims: 1 }, eq(rewards.id, rewardId))
  return row!.id
}

/** A valid reward form (rewards/reward-admin.ts). */
const rewardForm = (name: string) => ({ name, selection: 'redeem', status: 'active', threshold: 10, limit: 5, featured: true, tag_list: '' })

/** One fixture line per participant tab: `GET .../participants/:participant_id{[0-9]+}<tab>`. */
function participantTabs(tabs: string[]): Record<string, Fixture> {
  const line: Fixture = { params: async (k, p) => ({ participant_id: await k.participant(p) }) }
  return Object.fromEntries(tabs.map((tab) => [`GET /programs/:program_id/participants/:participant_id{[0-9]+}${tab}`, line]))
}

type Case = { who: MatrixAdmin | null; target: string; program: ProgramRow | null; childFrom?: ProgramRow; otherBody?: boolean; expected: number | 'allowed' }

/**
 * Who calls the route: every permission set of section 6 but the single-grant admins of resources
 * the route does not name, of which one stays. A refusal's SQL and the grant rows it reads are the
 * same for every single grant (one batch: session, program, grants), so those some 15 admins prove
 * nothing over HTTP that one does not, and they were three quarters of the matrix's requests (on both
 * databases). The rule that decides them runs in JavaScript (`can`), and shard 0 holds it to the
 * matrix's expectation for every set, route and program, without a request
 * ('decides every permission set … as the matrix expects').
 */
function matrixAdmins(w: World, route: ConsoleRoute, fixture: Fixture): MatrixAdmin[] {
  const resources = new Set([route.permission === 'signed_in' ? '' : route.permission[0], ...(fixture.alsoNeeds ?? []).map(([resource]) => resource)])
  const single = (a: MatrixAdmin) => a.set.organization === 'own' && !a.set.organizationAdmin && !a.set.superAdmin && a.set.grants?.length === 1
  const unrelated = w.admins.filter((a) => single(a) && !resources.has(a.set.grants![0]!.split(':')[0]!))
  return w.admins.filter((a) => !unrelated.includes(a) || a === unrelated[0])
}

function casesFor(w: World, route: ConsoleRoute, fixture: Fixture): Case[] {
  const onProgram = route.path.includes(':program_id')
  const hasChild = (route.path.match(/:\w+/g) ?? []).some((p) => p !== ':program_id')
  const gated = route.permission !== 'signed_in' && featureGates[route.permission[0] as Resource] !== undefined
  const targets: [string, ProgramRow | null][] = onProgram
    ? [['own program', w.own], ['sibling program', w.sibling], ['foreign program', w.foreign], ...(gated ? [['program with the feature off', w.featuresOff] as [string, ProgramRow]] : [])]
    : [['organization level', null]]
  const allowed = (who: MatrixAdmin, program: ProgramRow | null) =>
    expectedAllowed(who, route.permission, program) && (!fixture.alsoNeeds || fixture.alsoNeeds.some((pair) => expectedAllowed(who, pair as [Resource, never], program)))
  const cases: Case[] = [{ who: null, target: targets[0]![0], program: targets[0]![1], expected: 401 }]
  for (const who of matrixAdmins(w, route, fixture)) {
    for (const [target, program] of targets) cases.push({ who, target, program, expected: allowed(who, program) ? 'allowed' : 403 })
    const allowedOnOwn = allowed(who, onProgram ? w.own : null)
    if (onProgram && hasChild) cases.push({ who, target: 'own program, child of another program', program: w.own, childFrom: w.sibling, expected: allowedOnOwn ? 404 : 403 })
    if (fixture.otherProgramBody && who.set.organization === 'own' && allowedOnOwn) {
      cases.push({ who, target: 'body naming another organization', program: onProgram ? w.own : null, otherBody: true, expected: fixture.otherProgramBody.status })
    }
  }
  return cases
}

/**
 * The request of case `c`, ready to send. `shared`: the path rows of refused cases, made once per
 * program the rows come from and reused by every refused case on it (a refused call changes nothing,
 * which the matrix checks), where each case made its own: on D1 a round trip each. Allowed calls
 * really happen, so each gets fresh rows.
 */
async function prepare(w: World, route: ConsoleRoute, fixture: Fixture, c: Case, shared?: Map<number, Promise<Params | undefined>>) {
  const params: Params = {}
  if (c.program) params.program_id = c.program.id
  const from = c.childFrom ?? c.program ?? w.own
  const rows = shared?.get(from.id) ?? Promise.resolve(fixture.params?.(w.kit, from))
  shared?.set(from.id, rows)
  Object.assign(params, await rows)
  // Hono parameters may carry a pattern (`:id{[0-9]+}`) or be optional (`:id?`).
  const path = route.path.replace(/:(\w+)(\{(?:[^{}]|\{[^{}]*\})*\})?\??/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`The fixture of ${route.method} ${route.path} gives no :${name}`)
    return encodeURIComponent(String(params[name]))
  })
  const body = c.otherBody ? fixture.otherProgramBody!.body(w.kit) : await fixture.body?.(w.kit, c.program ?? w.own)
  const url = `/admin/v2${path}${fixture.query ? `?${fixture.query}` : ''}`
  const payload = body === undefined ? {} : body instanceof FormData || body instanceof URLSearchParams ? { body } : { json: body }
  return () => (c.who?.browser ?? w.anonymous).request(url, { method: route.method, ...payload })
}

/**
 * The matrix with its programs on shard 2 (decision 0041): the world is built on control as the console
 * builds it (organizations, programs, admins, their grants and sessions), then every matrix program is
 * moved to shard 2 with the operator's command (features/shards/move.ts) and confirmed. Admins, grants
 * and sessions stay on control; every request goes through the router, so each program route runs on
 * shard 2's app with grants read on control, and each organization route on control's.
 */
async function shardedMatrixWorld(): Promise<World> {
  const shards = await twoShards(matrixDeps)
  const { control, shard2 } = shards
  const app = { ...control, browser: shards.browser, rowsWritten: async () => (await control.rowsWritten()) + (await shard2.rowsWritten()), execute: shard2.execute }
  const w = await buildWorld(app)
  for (const program of [w.own, w.sibling, w.featuresOff, w.foreign]) {
    await moveProgram([control.db, shard2.db], program.id, 2, { settleMs: 0 })
    await confirmMove([control.db, shard2.db], program.id)
  }
  shards.freshRouter()
  const moved = async (p: ProgramRow) => (await shard2.db.select().from(programs).where(eq(programs.id, p.id)))[0]!
  const [own, sibling, featuresOff, foreign] = await Promise.all([w.own, w.sibling, w.featuresOff, w.foreign].map(moved))
  return { ...w, own: own!, sibling: sibling!, featuresOff: featuresOff!, foreign: foreign!, kit: fixtureKit(shard2.db, own!, foreign!) }
}

/**
 * The cases of a route with the matrix's programs on shard 2: signed out, an admin without grants, and the
 * organization admin, on the own program (or at organization level). What sharding can break is where
 * grants and rows are read and written, which these show; the full matrix above covers every permission set.
 */
function shardedCases(w: World, route: ConsoleRoute): Case[] {
  const program = route.path.includes(':program_id') ? w.own : null
  const target = program ? 'own program on shard 2' : 'organization level'
  const byName = (name: string) => w.admins.find((a) => a.set.name === name)!
  return [
    { who: null, target, program, expected: 401 },
    ...[byName('no grants'), byName('organization admin')].map((who): Case => ({ who, target, program, expected: expectedAllowed(who, route.permission, program) ? 'allowed' : 403 })),
  ]
}

const describeCase = (c: Case) => `${c.who?.set.name ?? 'signed out'} on ${c.target}`

/**
 * The permission matrix, one shard of the console's routes: `shard` of `shards` (route i belongs to
 * shard i % shards). The matrix is run in three test files (console-permissions-{1,2,3}.test.ts) so
 * that, on D1 where each of its some 2,000 requests is a round trip to workerd, its three parts run
 * side by side instead of one file being the suite's longest. Shard 0 also holds the checks of the
 * table itself and of grants read on every request.
 */
export function matrixSuite(shard: number, shards: number, opts: { programsOnShard2?: boolean } = {}) {
  let w: World
  beforeAll(async () => {
    w = opts.programsOnShard2 ? await shardedMatrixWorld() : await buildWorld(await makeTestApp(matrixDeps))
  }, 60_000)
  const title = opts.programsOnShard2 ? 'with its programs on shard 2' : `part ${shard + 1} of ${shards}`

  describe(`console permission matrix (generated from consoleRouteTable), ${title}`, () => {
    it.runIf(shard === 0 && !opts.programsOnShard2)('covers every console route the app serves: a route added outside consoleRoutes() fails here', async () => {
      const { deps } = await makeTestApp()
      const declared = new Set(consoleRouteTable.map((r) => `${r.method} /admin/v2${r.path}`))
      // The console's own middleware (admin session, CSRF) and its HTML page handler; sign-in is public.
      const notEndpoints = new Set(['ALL /admin/v2/*', 'ALL /admin/v2', 'GET /admin/v2/*'])
      const served = createApp(deps)
        .routes.filter((r) => (r.path === '/admin/v2' || r.path.startsWith('/admin/v2/')) && !r.path.startsWith('/admin/v2/auth/'))
        .map((r) => `${r.method} ${r.path}`)
      expect(served.filter((key) => !notEndpoints.has(key) && !declared.has(key))).toEqual([])
      expect(consoleRouteTable.length).toBe(new Set(consoleRouteTable.map((r) => `${r.method} ${r.path}`)).size)
    })

    it.runIf(shard === 0 && !opts.programsOnShard2)('sees every kind of write a refused call could make: insert, update (even to the same value), delete, with or without RETURNING', async () => {
      const t = w.t
      const program = w.own.id
      const writes = [
        `INSERT INTO content_tags (program_id, name) VALUES (${program}, 'write-detector')`,
        `INSERT INTO content_tags (program_id, name) VALUES (${program}, 'write-detector-2') RETURNING id`,
        `UPDATE content_tags SET name = name WHERE program_id = ${program} AND name = 'write-detector'`,
        `UPDATE content_tags SET active = active WHERE program_id = ${program} AND name = 'write-detector-2' RETURNING id`,
        `DELETE FROM content_tags WHERE program_id = ${program} AND name LIKE 'write-detector%'`,
      ]
      for (const sql of writes) {
        const before = await totalChanges(t)
        await t.execute(sql)
        expect(await totalChanges(t), sql).toBeGreaterThan(before)
      }
    })

    it.runIf(shard === 0 && !opts.programsOnShard2)('decides every permission set on every route and program as the matrix expects (the rule the requests leave out)', () => {
      const problems: string[] = []
      for (const route of consoleRouteTable) {
        if (route.permission === 'signed_in') continue
        const [resource, action] = route.permission
        for (const a of w.admins)
          for (const program of route.path.includes(':program_id') ? [w.own, w.sibling, w.foreign, w.featuresOff] : [null]) {
            // What requirePermission reads with the session: the admin's grants on the program in the path.
            const grants = a.grants.filter(([pid]) => pid === program?.id).map(([, pair]) => ({ resource: pair.split(':')[0]!, action: pair.split(':')[1]! }))
            if (can(a.admin, program, grants, resource, action) !== expectedAllowed(a, route.permission, program))
              problems.push(`${a.set.name} on ${program?.name ?? 'organization level'}: ${route.method} ${route.path}`)
          }
      }
      expect(problems).toEqual([])
    })

    it.runIf(shard === 0 && !opts.programsOnShard2)('fails a route without a fixture, and keeps no fixture of a route that is gone', () => {
      expect(() => fixtureFor(FIXTURES, { method: 'POST', path: '/programs/:program_id/new_thing' })).toThrow(/add one line for it to FIXTURES/)
      expect(() => fixtureFor(FIXTURES, { method: 'GET', path: '/programs/:program_id/things/:thing_id' })).toThrow(/No permission-matrix fixture/)
      expect(fixtureFor(FIXTURES, { method: 'GET', path: '/programs/:program_id/things' })).toEqual({})
      const routes = new Set(consoleRouteTable.map((r) => `${r.method} ${r.path}`))
      expect(Object.keys(FIXTURES).filter((key) => !routes.has(key))).toEqual([])
    })

    for (const route of consoleRouteTable.filter((_, i) => i % shards === shard)) {
      it(`${route.method} ${route.path} needs ${JSON.stringify(route.permission)}`, { timeout: 120_000 }, async () => {
        const fixture = fixtureFor(FIXTURES, route)
        const cases = opts.programsOnShard2 ? shardedCases(w, route) : casesFor(w, route, fixture)
        const problems: string[] = []
        // Refusals first, all prepared before any is sent (fixtures make rows); queued work stays queued
        // (matrixDeps), so any write seen while they run is theirs. The database's own count of rows
        // written (triggers included) is the check: it sees every insert, update and delete (shard 0
        // proves it), where a checksum of the whole database per route was a third of this file's time.
        const refused = cases.filter((c) => c.expected !== 'allowed')
        const shared = new Map<number, Promise<Params | undefined>>()
        const calls = await Promise.all(refused.map((c) => prepare(w, route, fixture, c, shared)))
        for (const [i, c] of refused.entries()) {
          const changes = await totalChanges(w.t)
          const res = await calls[i]!()
          if (res.status !== c.expected) problems.push(`${describeCase(c)}: expected ${c.expected}, got ${res.status} ${(await res.text()).slice(0, 200)}`)
          if ((await totalChanges(w.t)) !== changes) problems.push(`${describeCase(c)}: refused, but wrote to the database`)
        }
        for (const c of cases.filter((x) => x.expected === 'allowed')) {
          const res = await (await prepare(w, route, fixture, c))()
          const ok = fixture.allowedStatus ? res.status === fixture.allowedStatus : res.status >= 200 && res.status <= 299
          if (!ok) problems.push(`${describeCase(c)}: expected to be allowed, got ${res.status} ${(await res.text()).slice(0, 200)}`)
        }
        expect(problems).toEqual([])
        expect(refused.length).toBeGreaterThan(0)
      })
    }
  })

  describe.runIf(shard === 0 && !opts.programsOnShard2)('grants are read on every request (nothing cached across requests)', () => {
    // A GET on a program that needs one grantable permission, from the table, so the test outlives any one route.
    const probe = consoleRouteTable.find(
      (r) => r.method === 'GET' && r.permission !== 'signed_in' && !['organization', 'super_admin'].includes(r.permission[0]) && /^\/programs\/:program_id\/[^:]*$/.test(r.path),
    )!

    it('refuses a revoked grant on the very next request', async () => {
      const t = await makeTestApp()
      const org = await makeOrganization(t)
      const program = await makeProgram(t, org.id)
      const [resource, action] = probe.permission as [string, string]
      const admin = await makeAdmin(t, { organizationId: org.id, grants: [[program.id, `${resource}:${action}`]] })
      const b = await adminBrowser(t, admin)
      const url = `/admin/v2${probe.path.replace(':program_id', String(program.id))}`
      expect((await b.request(url)).status).toBe(200)
      await t.db.delete(adminProgramPermissions).where(and(eq(adminProgramPermissions.programId, program.id), eq(adminProgramPermissions.adminUserId, admin.id)))
      expect((await b.request(url)).status).toBe(403)
    })

    it('refuses at once when the organization or super admin flag is taken away, or the session ends', async () => {
      const t = await makeTestApp()
      const org = await makeOrganization(t)
      const admin = await makeAdmin(t, { organizationId: org.id, organizationAdmin: true, superAdmin: true })
      const b = await adminBrowser(t, admin)
      expect((await b.request('/admin/v2/feature_programs')).status).toBe(200)
      await t.db.update(adminUsers).set({ isSuperAdmin: false }).where(eq(adminUsers.id, admin.id))
      expect((await b.request('/admin/v2/feature_programs')).status).toBe(403)
      expect((await b.request('/admin/v2/users')).status).toBe(200)
      await t.db.update(adminUsers).set({ isOrganizationAdmin: false }).where(eq(adminUsers.id, admin.id))
      expect((await b.request('/admin/v2/users')).status).toBe(403)
      await t.db.delete(adminSessions).where(eq(adminSessions.adminUserId, admin.id))
      expect((await b.request('/admin/v2/me')).status).toBe(401)
    })
  })
}
