import * as z from 'zod'

/**
 * The console's domain list (admin-console-part-b.md sections 2, 3 and 5: settings domain-list and
 * domain-list/new; Domain setting: domain, domain_type, url_path). A `perk_domain` is a custom host
 * that serves the program's site (it resolves to this program, so one program per host across every
 * program); an `other` domain is a partner site allowed to call the API with a participant token (CORS)
 * and to frame the widgets (frame-ancestors). Both take effect on the next request.
 */

export const domainTypes = ['perk_domain', 'other'] as const
export type DomainType = (typeof domainTypes)[number]

/**
 * The spec's preview of a domain name (section 5): lowercased, spaces turned to hyphens, other
 * characters removed (letters, digits, hyphens and the dots between labels stay).
 *
 * @example domainPreview(' Shop Partner.Example ') // 'shop-partner.example'
 */
export function domainPreview(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9.-]/g, '')
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/
const HOST_HINT = 'a host name such as shop.example.com'

/**
 * Why `value` is not a plain host name, or null when it is one: no scheme, path, query, port,
 * credentials or spaces; two or more dot-separated labels of letters, digits and inner hyphens (at most
 * 63 each, 253 in all); a top-level label that is not all digits (no IP addresses); not localhost.
 */
export function hostnameProblem(value: string): string | null {
  if (!value) return 'Domain is required'
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(value)) return `Domain must not include a scheme (http:// or https://): enter ${HOST_HINT}`
  if (/[/?#]/.test(value)) return `Domain must not include a path: enter ${HOST_HINT}`
  if (value.includes('@')) return `Domain must not include a user name: enter ${HOST_HINT}`
  if (value.includes(':') || value.includes('[')) return `Domain must not include a port: enter ${HOST_HINT}`
  if (/\s/.test(value)) return 'Domain must not contain spaces'
  if (value.length > 253) return 'Domain must not be longer than 253 characters'
  const labels = value.split('.')
  if (labels.length < 2) return `Domain must be ${HOST_HINT}`
  if (labels.some((l) => !LABEL.test(l))) return `Domain must be ${HOST_HINT}: letters, digits and hyphens between dots`
  if (/^\d+$/.test(labels[labels.length - 1]!)) return 'Domain must be a host name, not an IP address'
  return null
}

/** The domain as stored: trimmed and lowercased, then checked strictly (hostnameProblem). */
export const domainNameSchema = z
  .string({ error: 'Domain is required' })
  .trim()
  .toLowerCase()
  .superRefine((value, ctx) => {
    const problem = hostnameProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
  .meta({ label: 'Domain' })

/** A path on the domain where the program lives (optional): starts with /, no query or fragment. */
export const urlPathSchema = z
  .string({ error: 'URL path must be text' })
  .trim()
  .max(200, 'URL path must not be longer than 200 characters')
  .refine((p) => p === '' || /^\/[A-Za-z0-9\-._~/]*$/.test(p), 'URL path must start with / and contain only letters, digits, - . _ ~ and /')
  .refine((p) => !p.split('/').some((s) => s === '..' || s === '.'), 'URL path must not contain . or .. segments')
  .meta({ label: 'URL path' })

/** domain-list/new (GET new, then POST): domain, type and optional path. */
export const domainSettingWriteSchema = z.object({
  domain: domainNameSchema,
  domain_type: z
    .enum(domainTypes, { error: 'Domain type must be perk_domain or other' })
    .default('other')
    .meta({
      label: 'Domain type',
      options: [
        { value: 'other', label: 'Partner site (may embed the widgets)' },
        { value: 'perk_domain', label: 'Custom domain (serves the program site)' },
      ],
    }),
  url_path: urlPathSchema.optional(),
})
export type DomainSettingWrite = z.input<typeof domainSettingWriteSchema>

/** One domain of the list. */
export const domainSettingSchema = z.object({
  id: z.number(),
  domain: z.string(),
  domain_type: z.enum(domainTypes),
  url_path: z.string().nullable(),
  created_at: z.string(),
})
export type DomainSetting = z.infer<typeof domainSettingSchema>

/** GET .../domain_lists: every domain of the program (a program lists a handful), newest first. */
export const domainListSchema = z.object({ data: z.array(domainSettingSchema) })
export type DomainList = z.infer<typeof domainListSchema>
