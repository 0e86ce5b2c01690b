import { and, desc, eq } from 'drizzle-orm'
import type { FormResult } from '../../../../sdk/contract/console/forms'
import type { DomainList, DomainSetting, domainSettingWriteSchema } from '../../../../sdk/contract/console/domains'
import type { z } from 'zod'
import { domainLists } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { AppError } from '../../lib/errors'
import { siteOriginsChanged } from '../../lib/origin'
import { contentSaved } from '../programs/content-version'

type DomainRow = typeof domainLists.$inferSelect
type DomainValues = z.output<typeof domainSettingWriteSchema>
type Saved = { status: 201 | 422; result: FormResult & { data?: DomainSetting } }

const refused = (message: string): Saved => ({ status: 422, result: { success: false, errors: { domain: message } } })

const toSetting = (r: DomainRow): DomainSetting => ({ id: r.id, domain: r.domain, domain_type: r.domainType, url_path: r.urlPath, created_at: r.createdAt.toISOString() })

/** Which UNIQUE index refused an insert: this program's list, or another program's custom domain. */
function conflictOf(err: unknown): 'listed' | 'taken' | null {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const text = String((e as Error).message ?? e)
    if (/UNIQUE constraint failed: domain_lists\.program_id, domain_lists\.domain/i.test(text)) return 'listed'
    if (/UNIQUE constraint failed: domain_lists\.domain\b/i.test(text)) return 'taken'
  }
  return null
}

/**
 * What depends on domain lists is read on every request where it matters, in every process
 * (features/programs/partner-origins.ts): program resolution by custom host, CORS, frame-ancestors.
 * Here, the process that saved also drops its kept program rows and site origins at once.
 */
function domainsChanged(deps: Deps) {
  contentSaved(deps)
  siteOriginsChanged(deps)
}

/** Removes a custom domain's listing on control (a program on another shard, decision 0041). */
async function unlistOnControl(control: NonNullable<Deps['control']>, programId: number, domain: string) {
  await control.delete(domainLists).where(and(eq(domainLists.programId, programId), eq(domainLists.domain, domain))) // tenant-guard: allow (the directory on control)
}

/** GET .../domain_lists: the program's domains, newest first. */
export async function listDomains(scope: ProgramScope): Promise<DomainList> {
  const rows = await scope.select(domainLists).orderBy(desc(domainLists.createdAt), desc(domainLists.id))
  return { data: rows.map(toSetting) }
}

/**
 * Adds a domain. The database decides uniqueness (no read-then-write): UNIQUE (program, domain) for
 * this list, and a partial UNIQUE on the domain of every `perk_domain` row, since a custom host
 * resolves to one program. A custom domain under the platform's own base domain or the console's
 * host is refused: those hosts are the platform's.
 */
export async function addDomain(scope: ProgramScope, deps: Deps, values: DomainValues): Promise<Saved> {
  const { baseDomain, adminHost } = deps.config
  const base = baseDomain.toLowerCase()
  if (values.domain_type === 'perk_domain') {
    if (values.domain === base || values.domain.endsWith(`.${base}`)) return refused(`Domain must not be under ${base}: program subdomains there are the platform's`)
    if (adminHost && values.domain === adminHost.toLowerCase()) return refused('Domain must not be the console host')
  }
  let row: DomainRow | undefined
  // A program on another shard than control: its custom domain is also listed on control, first, where
  // every program's custom domains meet (one program per host across shards) and requests are routed
  // by host (features/shards/router.ts; decision 0041). The program's own listing left by an add that
  // stopped before its second write is taken over (another program's still refuses it); a listing this
  // add did not make is never removed by its failure.
  const control = values.domain_type === 'perk_domain' && deps.control ? deps.control : null
  try {
    const listed = control
      ? await control
          .insert(domainLists) // tenant-guard: allow (the directory on control)
          .values({ programId: scope.programId, domain: values.domain, domainType: 'perk_domain' })
          .onConflictDoNothing()
          .returning({ id: domainLists.id })
      : []
    if (control && !listed.length) {
      const [holder] = await control.select({ programId: domainLists.programId }).from(domainLists).where(and(eq(domainLists.domain, values.domain), eq(domainLists.domainType, 'perk_domain'))).limit(1) // tenant-guard: allow (who holds the host)
      if (holder && holder.programId !== scope.programId) return refused('Domain is already the custom domain of another program')
    }
    try {
      ;[row] = await scope.insert(domainLists, { domain: values.domain, domainType: values.domain_type, urlPath: values.url_path || null }).returning()
    } catch (err) {
      if (control && listed.length) await unlistOnControl(control, scope.programId, values.domain)
      throw err
    }
  } catch (err) {
    const conflict = conflictOf(err)
    if (conflict === 'listed') return refused('Domain has already been added to this program')
    if (conflict === 'taken') return refused('Domain is already the custom domain of another program')
    throw err
  }
  domainsChanged(deps)
  return { status: 201, result: { success: true, errors: {}, data: toSetting(row!) } }
}

/** DELETE .../domain_lists/{id}: the domain stops answering as the program, or stops being a partner, on the next request. */
export async function removeDomain(scope: ProgramScope, deps: Deps, id: number): Promise<void> {
  const removed = Number.isSafeInteger(id) && id > 0 ? await scope.delete(domainLists, eq(domainLists.id, id)).returning({ id: domainLists.id, domain: domainLists.domain, type: domainLists.domainType }) : []
  if (!removed.length) throw new AppError('not_found', 404, 'Domain not found', { domain_id: 'not found' })
  if (deps.control && removed[0]!.type === 'perk_domain') await unlistOnControl(deps.control, scope.programId, removed[0]!.domain)
  domainsChanged(deps)
}
