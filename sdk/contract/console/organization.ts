import * as z from 'zod'
import { featuresSchema } from '../program'
import { formDefinitionSchema } from './forms'

/**
 * The console's organization screens (admin-console-part-a.md sections 2 Organization, 6, 7): the
 * organization's programs, its admins and the invite-admin form, and program features (super admin).
 */

export const organizationPageSizes = [10, 20, 30, 40, 50] as const

/** Paging, search and sort of an organization table; `sort` names one of the list's sortable columns. */
export const organizationListQuerySchema = <S extends readonly [string, ...string[]]>(sortable: S) =>
  z.object({
    page: z.coerce.number().int('must be a whole number').min(1, 'must be 1 or more').max(100_000).default(1),
    per_page: z.coerce
      .number()
      .int()
      .refine((n) => (organizationPageSizes as readonly number[]).includes(n), 'must be 10, 20, 30, 40 or 50')
      .default(20),
    q: z.string().trim().max(100, 'must be at most 100 characters').default(''),
    sort: z.enum(sortable, { error: `must be one of ${sortable.join(', ')}` }).optional(),
    order: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('asc'),
  })

const page = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), page: z.number(), per_page: z.number(), total: z.number() })

// ---- Programs (organization/programs) ----

export const organizationProgramSortable = ['name', 'created_at'] as const
export const organizationProgramsQuerySchema = organizationListQuerySchema(organizationProgramSortable)

export const organizationProgramSchema = z.object({
  id: z.number(),
  name: z.string(),
  subdomain_url: z.string(),
  /** The participant site's address, from configuration. */
  site_url: z.string(),
  status: z.enum(['active', 'inactive']),
  test_mode: z.boolean(),
  i18n_enabled: z.boolean(),
  features: featuresSchema,
  /** Admins holding at least one permission on the program (organization admins not counted). */
  admins: z.number(),
  created_at: z.string(),
})
export type OrganizationProgram = z.infer<typeof organizationProgramSchema>
export const organizationProgramsPageSchema = page(organizationProgramSchema)
export type OrganizationProgramsPage = z.infer<typeof organizationProgramsPageSchema>

// ---- Admins (organization/admins) ----

export const adminGrantSchema = z.object({
  program_id: z.number({ error: 'must be a program id' }).int('must be a program id').positive('must be a program id'),
  resource: z.string().min(1).max(40),
  action: z.string().min(1).max(20),
})
export type AdminGrant = z.infer<typeof adminGrantSchema>

export const organizationAdminSortable = ['email', 'first_name', 'last_name', 'created_at'] as const
export const organizationAdminsQuerySchema = organizationListQuerySchema(organizationAdminSortable)

export const organizationAdminSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  preferred_locale: z.enum(['en', 'es']),
  organization_admin: z.boolean(),
  super_admin: z.boolean(),
  grants: z.array(adminGrantSchema.extend({ program_name: z.string() })),
  created_at: z.string(),
})
export type OrganizationAdmin = z.infer<typeof organizationAdminSchema>
export const organizationAdminsPageSchema = page(organizationAdminSchema)
export type OrganizationAdminsPage = z.infer<typeof organizationAdminsPageSchema>

/** The invite form's own fields; GET /admin/v2/users/new answers their form definition. */
export const inviteAdminFieldsSchema = z.object({
  first_name: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(50, 'First name must not be longer than 50 characters.').meta({ label: 'First name' }),
  last_name: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(50, 'Last name must not be longer than 50 characters.').meta({ label: 'Last name' }),
  // Trimmed and lowered before the format check (zod runs them in order).
  email: z
    .string({ error: 'Please enter a valid email' })
    .trim()
    .toLowerCase()
    .max(254, 'Email must not be longer than 254 characters.')
    .email('Please enter a valid email')
    .meta({ label: 'Email' }),
  preferred_locale: z
    .enum(['en', 'es'], { error: 'must be en or es' })
    .default('en')
    .meta({ label: 'Language', options: [{ value: 'en', label: 'English' }, { value: 'es', label: 'Español' }] }),
  /** Every permission on every program of the organization, now and later. */
  organization_admin: z.boolean({ error: 'must be true or false' }).default(false).meta({ label: 'Organization admin' }),
})

/** POST /admin/v2/users: the fields plus exactly the (program, resource, action) grants to give. */
export const inviteAdminRequestSchema = inviteAdminFieldsSchema.extend({
  permissions: z.array(adminGrantSchema).max(2000, 'too many permissions').default([]),
})
export type InviteAdminRequest = z.input<typeof inviteAdminRequestSchema>

/**
 * GET /admin/v2/users/new: the generic form definition of the fields, and the choices for
 * `permissions` (the organization's programs and the grantable pairs; `feature` names the program
 * feature a pair needs, see permissions.ts).
 */
export const inviteAdminFormSchema = formDefinitionSchema.extend({
  permission_choices: z.object({
    programs: z.array(z.object({ id: z.number(), name: z.string(), features: featuresSchema })),
    permissions: z.array(z.object({ resource: z.string(), action: z.string(), feature: z.string().nullable() })),
  }),
})
export type InviteAdminForm = z.infer<typeof inviteAdminFormSchema>

// ---- Program features (organization/features, super admin) ----

export const programFeatureNames = ['receipts', 'dynamic_feed_posts', 'tiers', 'offers_reward', 'donation_challenge', 'social_network_posts', 'otp_login'] as const
export type ProgramFeatureName = (typeof programFeatureNames)[number]

export const featureProgramSortable = ['program_name', 'feature'] as const
export const featureProgramsQuerySchema = organizationListQuerySchema(featureProgramSortable).extend({
  /** 'on' or 'off' narrows the list to features in that state. */
  enabled: z.enum(['on', 'off'], { error: 'must be on or off' }).optional(),
})

export const featureProgramSchema = z.object({
  program_id: z.number(),
  program_name: z.string(),
  organization_name: z.string(),
  feature: z.enum(programFeatureNames),
  enabled: z.boolean(),
})
export type FeatureProgram = z.infer<typeof featureProgramSchema>
export const featureProgramsPageSchema = page(featureProgramSchema)
export type FeatureProgramsPage = z.infer<typeof featureProgramsPageSchema>

/** POST /admin/v2/feature_programs: turns one feature of one program on or off. */
export const featureProgramRequestSchema = z.object({
  program_id: z.coerce.number({ error: 'Program is required' }).int('Program is required').positive('Program is required').meta({ label: 'Program' }),
  feature: z.enum(programFeatureNames, { error: 'Feature is required' }).meta({ label: 'Feature' }),
  enabled: z.boolean({ error: 'must be true or false' }).default(true).meta({ label: 'Enabled' }),
})
export type FeatureProgramRequest = z.input<typeof featureProgramRequestSchema>

export const organizationRoutes = {
  programs: '/admin/v2/organization_programs',
  admins: '/admin/v2/users',
  newAdmin: '/admin/v2/users/new',
  featurePrograms: '/admin/v2/feature_programs',
  newFeatureProgram: '/admin/v2/feature_programs/new',
} as const
