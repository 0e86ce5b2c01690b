import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { encodeDomainTable } from '../../../../scripts/make-data-tables.mjs'
import { DISPOSABLE_DOMAIN_TABLE } from './disposable-domain-table'
import { isDisposableEmail } from './referrals'

const require = createRequire(import.meta.url)
const listed = [...(require('disposable-email-domains') as string[]), ...(require('disposable-email-domains/wildcard.json') as string[])]

describe('the disposable-mail domain table (decision 0044)', () => {
  it('is what scripts/make-data-tables.mjs writes from the installed disposable-email-domains package (run it after an upgrade)', () => {
    expect(DISPOSABLE_DOMAIN_TABLE === encodeDomainTable(listed)).toBe(true)
  })

  it("knows every domain of the package's lists, and their subdomains", async () => {
    expect(listed.length).toBeGreaterThan(100_000)
    const missed = []
    for (const domain of listed) if (!(await isDisposableEmail(`x@${domain}`))) missed.push(domain)
    expect(missed).toEqual([])
    for (const domain of listed.filter((_, i) => i % 997 === 0)) expect(await isDisposableEmail(`x@mail.${domain}`)).toBe(true)
  })

  it('does not take an ordinary address, or a listed name under another domain, for one', async () => {
    for (const ok of ['x@gmail.com', 'x@example.com', 'x@outlook.com', 'x@mailinator.com.example.org', 'x@com', 'x@']) expect(await isDisposableEmail(ok)).toBe(false)
  })
})
