import { asc, eq } from 'drizzle-orm'
import safeRegex from 'safe-regex2'
import type { z } from 'zod'
import type { FormResult } from '../../../../sdk/contract/console/forms'
import type {
  AptosSettings,
  aptosWriteSchema,
  OffersRewardSettings,
  offersRewardWriteSchema,
  PhotoContestSettings,
  photoContestWriteSchema,
  SocialNetworkPage,
  SocialNetworkPageList,
  socialNetworkPageWriteSchema,
} from '../../../../sdk/contract/console/integrations'
import type { Db } from '../../db/client'
import { programIntegrationSettings, socialNetworkPages } from '../../db/schema'
import { programScope, type ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { appCache } from '../../lib/cache'
import { AppError } from '../../lib/errors'
import { contentKey, contentSaved } from '../programs/content-version'
import { getChainIntegration, saveChainIntegration } from '../collectibles/integration'

type Saved<T = { id: number }> = { status: 200 | 201 | 422; result: FormResult & { data?: T } }
const refused = (errors: Record<string, string>): Saved<never> => ({ status: 422, result: { success: false, errors } })

// ---------------------------------------------------------------------------------------------------
// Social network pages

const toPage = (r: typeof socialNetworkPages.$inferSelect): SocialNetworkPage => ({ id: r.id, url: r.url, platform: r.platform, created_at: r.createdAt.toISOString() })

/** A program keeps at most this many pages (the list is one page). */
export const SOCIAL_PAGES_MAX = 50

export async function listSocialNetworkPages(scope: ProgramScope): Promise<SocialNetworkPageList> {
  const rows = await scope.select(socialNetworkPages).orderBy(asc(socialNetworkPages.platform), asc(socialNetworkPages.id)).limit(SOCIAL_PAGES_MAX)
  return { data: rows.map(toPage) }
}

export async function createSocialNetworkPage(scope: ProgramScope, deps: Deps, input: z.output<typeof socialNetworkPageWriteSchema>): Promise<Saved<SocialNetworkPage>> {
  if ((await scope.count(socialNetworkPages)) >= SOCIAL_PAGES_MAX) return refused({ url: `A program may have at most ${SOCIAL_PAGES_MAX} social network pages` })
  // The site footer lists the pages: the table's triggers move the content version (migration 0027).
  const [row] = await scope.insert(socialNetworkPages, { url: input.url, platform: input.platform }).onConflictDoNothing().returning()
  if (!row) return refused({ url: 'This page has already been added' })
  contentSaved(deps)
  return { status: 201, result: { success: true, errors: {}, data: toPage(row) } }
}

export async function deleteSocialNetworkPage(scope: ProgramScope, deps: Deps, id: number): Promise<void> {
  const [row] = Number.isSafeInteger(id) && id > 0 ? await scope.delete(socialNetworkPages, eq(socialNetworkPages.id, id)).returning({ id: socialNetworkPages.id }) : []
  if (!row) throw new AppError('not_found', 404, 'Social network page not found', { page_id: 'not found' })
  contentSaved(deps)
}

// ---------------------------------------------------------------------------------------------------
// Offers reward and photo contest (one settings row per program, written with one upsert)

const settingsOf = (scope: ProgramScope) => scope.first(programIntegrationSettings)

/**
 * One upsert of the settings row. The settings change what participants get (participantIntegrations
 * below): the table's triggers move the content version (migration 0027), and this process drops its
 * copies at once.
 */
async function saveSettingsRow(scope: ProgramScope, deps: Deps, set: Partial<typeof programIntegrationSettings.$inferInsert>) {
  await scope.insert(programIntegrationSettings, set).onConflictDoUpdate({ target: programIntegrationSettings.programId, set })
  contentSaved(deps)
}

export async function getOffersReward(scope: ProgramScope): Promise<OffersRewardSettings> {
  const row = await settingsOf(scope)
  return { active: row?.offersRewardActive ?? false, redirect_magic_link: row?.redirectMagicLink ?? false, merchants_regex: row?.merchantsRegex ?? null }
}

/**
 * Whether a merchants regex is safe to run on every merchant name: no nested or stacked quantifiers
 * (star height above 1, the shape of catastrophic backtracking such as `(a+)+$`) and a bounded number
 * of repetitions (safe-regex2's default limit of 25).
 */
export const isSafeMerchantsRegex = (pattern: string) => safeRegex(pattern)

export async function saveOffersReward(scope: ProgramScope, deps: Deps, input: z.output<typeof offersRewardWriteSchema>): Promise<Saved<OffersRewardSettings>> {
  if (!isSafeMerchantsRegex(input.merchants_regex)) return refused({ merchants_regex: 'Merchants regex is too complex: nested quantifiers such as (a+)+ are not allowed' })
  const set = { offersRewardActive: input.active, redirectMagicLink: input.redirect_magic_link, merchantsRegex: input.merchants_regex, updatedAt: new Date(deps.clock.now()) }
  await saveSettingsRow(scope, deps, set)
  return { status: 200, result: { success: true, errors: {}, data: await getOffersReward(scope) } }
}

export async function getPhotoContest(scope: ProgramScope): Promise<PhotoContestSettings> {
  const row = await settingsOf(scope)
  return { active: row?.photoContestActive ?? false, qrati_program_id: row?.qratiProgramId ?? null }
}

export async function savePhotoContest(scope: ProgramScope, deps: Deps, input: z.output<typeof photoContestWriteSchema>): Promise<Saved<PhotoContestSettings>> {
  const set = { photoContestActive: input.active, qratiProgramId: input.qrati_program_id, updatedAt: new Date(deps.clock.now()) }
  await saveSettingsRow(scope, deps, set)
  return { status: 200, result: { success: true, errors: {}, data: await getPhotoContest(scope) } }
}

// ---------------------------------------------------------------------------------------------------
// What participants get of these settings

/** The integrations settings as the participant side uses them. */
export type ParticipantIntegrations = {
  /** The program's social pages, for the site footer. */
  socialPages: { platform: SocialNetworkPage['platform']; url: string }[]
  /** Offers reward while active: magic links land on /my-offers; merchants are limited by the regex. */
  offersReward: { redirectMagicLink: boolean; merchants: RegExp | null } | null
  /** Photo contest while active, with the program's id on the external contest service. */
  photoContest: { externalProgramId: string } | null
}

/** A saved merchants regex as it is run (the console checked it with isSafeMerchantsRegex). */
function merchantsRegExp(pattern: string | null): RegExp | null {
  if (!pattern) return null
  try {
    return new RegExp(pattern, 'i')
  } catch {
    return null
  }
}

/** Reads the program's integrations settings for participants (the public program is built with it). */
export async function readParticipantIntegrations(db: Db, programId: number): Promise<ParticipantIntegrations> {
  const scope = programScope(db, programId)
  const [pages, row] = await Promise.all([
    scope.select(socialNetworkPages).orderBy(asc(socialNetworkPages.platform), asc(socialNetworkPages.id)).limit(SOCIAL_PAGES_MAX),
    settingsOf(scope),
  ])
  return {
    socialPages: pages.map((p) => ({ platform: p.platform, url: p.url })),
    offersReward: row?.offersRewardActive ? { redirectMagicLink: row.redirectMagicLink, merchants: merchantsRegExp(row.merchantsRegex) } : null,
    photoContest: row?.photoContestActive && row.qratiProgramId ? { externalProgramId: row.qratiProgramId } : null,
  }
}

/**
 * readParticipantIntegrations through the app cache, keyed by the program's content version (every
 * save above moves it): server-side uses (offer search, magic links) read it on each request.
 */
export function participantIntegrations(deps: Deps, programId: number): Promise<ParticipantIntegrations> {
  return appCache<ParticipantIntegrations>(deps, 'participant-integrations').get(contentKey(deps, programId), () => readParticipantIntegrations(deps.db, programId))
}

// ---------------------------------------------------------------------------------------------------
// Aptos: the collectibles' chain integration (chain_integrations), saved through its own service

export async function getAptos(scope: ProgramScope): Promise<AptosSettings> {
  const row = await getChainIntegration(scope)
  return {
    id: row?.id ?? null,
    enabled: row?.enabled ?? false,
    network: row?.network ?? 'testnet',
    wallet_address: row?.walletAddress ?? null,
    locked: row?.network === 'mainnet',
  }
}

/**
 * PATCH .../aptos. The lock itself is saveChainIntegration's (a later save with another network is
 * refused, in the statement too); the first switch to mainnet must be confirmed, since it is for good.
 */
export async function saveAptos(scope: ProgramScope, deps: Deps, input: z.output<typeof aptosWriteSchema>): Promise<Saved<AptosSettings>> {
  const current = await getChainIntegration(scope)
  if (input.network === 'mainnet' && current?.network !== 'mainnet' && !input.confirm_mainnet) {
    return refused({ confirm_mainnet: 'Confirm that choosing mainnet locks the network for good' })
  }
  try {
    await saveChainIntegration(scope, deps, { enabled: input.enabled, network: input.network })
  } catch (err) {
    if (err instanceof AppError && err.status === 422) return refused({ network: 'The network is locked once mainnet is chosen' })
    throw err
  }
  return { status: 200, result: { success: true, errors: {}, data: await getAptos(scope) } }
}
