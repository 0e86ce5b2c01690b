import type { Context } from 'hono'
import { PROGRAM_KEY_HEADER } from '../../../sdk/contract/auth'
import { programScope } from '../db/scope'
import type { Deps } from '../deps'
import type { AppEnv, ProgramRow } from '../env'
import { appCache } from '../lib/cache'
import { AppError } from '../lib/errors'
import { noteProgramRow } from '../features/programs/content-version'
import { hostnameOf, isPlatformHost, resolveProgram } from '../features/programs/programs'
import { refuseWriteIfReadOnly, servesProgram } from '../features/shards'

/** The request's program by public key or host, through the app cache. */
export function findRequestProgram(c: Context<AppEnv>): Promise<ProgramRow | undefined> {
  const publicKey = c.req.header(PROGRAM_KEY_HEADER) || c.req.query('program') || undefined
  return programFor(c.get('deps'), publicKey, c.req.header('host') ?? new URL(c.req.url).host)
}

/**
 * A program by public key (when given) or host, through the app cache. Each row read notes the
 * program's content version, which the content caches and cached public answers are keyed by
 * (features/programs/content-version.ts).
 */
export function programFor(deps: Deps, publicKey: string | undefined, host: string): Promise<ProgramRow | undefined> {
  // A custom domain is looked up on every request (one statement): adding or removing it anywhere
  // counts on the next request here (features/programs/partner-origins.ts, domainDependence).
  if (!publicKey && !isPlatformHost(deps.config, hostnameOf(host))) return resolveProgram(deps.db, deps.config, { host }).then((row) => noteProgramRow(deps, row))
  return appCache<ProgramRow | undefined>(deps, 'programs').get(publicKey ? `key:${publicKey}` : `host:${host}`, async () =>
    noteProgramRow(deps, await resolveProgram(deps.db, deps.config, { publicKey, host })),
  )
}

/** Sets the program and scope variables, or answers 404 program_not_found. */
export async function setRequestProgram(c: Context<AppEnv>): Promise<void> {
  const { db } = c.get('deps')
  const publicKey = c.req.header(PROGRAM_KEY_HEADER) || c.req.query('program') || undefined
  const program = await findRequestProgram(c)
  // A program the directory puts on another shard is not this app's (decision 0041): not found here.
  if (!program || program.status !== 'active' || !servesProgram(c.get('deps'), program)) {
    throw new AppError('program_not_found', 404, publicKey ? `No program with key "${publicKey}"` : 'No program here')
  }
  refuseWriteIfReadOnly(c.req.method, program)
  c.set('program', program)
  c.set('scope', programScope(db, program.id))
}
