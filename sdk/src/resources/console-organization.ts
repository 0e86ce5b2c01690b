import type { FormDefinition, FormResult } from '../../contract/console/forms'
import type {
  FeatureProgramRequest,
  FeatureProgramsPage,
  InviteAdminForm,
  InviteAdminRequest,
  OrganizationAdminsPage,
  OrganizationProgramsPage,
} from '../../contract/console/organization'
import { TesseraError } from '../errors'

// Type-only imports from the contract: its zod schemas must not reach the SDK's runtime, which the
// participant widgets bundle (bench:size budgets). The paths equal organizationRoutes in the contract.
const routes = {
  programs: '/admin/v2/organization_programs',
  admins: '/admin/v2/users',
  newAdmin: '/admin/v2/users/new',
  featurePrograms: '/admin/v2/feature_programs',
  newFeatureProgram: '/admin/v2/feature_programs/new',
} as const

/** A `{ success: false, errors }` form refusal, told apart from other error bodies. */
const isFormResult = (body: unknown): body is FormResult =>
  typeof body === 'object' && body !== null && (body as FormResult).success === false && typeof (body as FormResult).errors === 'object'
import type { Transport } from '../transport'

export type OrganizationListParams = {
  page?: number
  per_page?: number
  q?: string
  sort?: string
  order?: 'asc' | 'desc'
}

/**
 * The console's organization calls (admin-console-part-a.md section 7, Shell and organization).
 * @example
 * const admin = createAdminClient()
 * const { data, total } = await admin.organization.listAdmins({ q: 'rita' })
 * const result = await admin.organization.inviteAdmin({ first_name: 'Nina', last_name: 'New', email: 'nina@example.com',
 *   permissions: [{ program_id: 1, resource: 'users', action: 'view' }] })
 * if (!result.success) console.log(result.errors)
 */
export class ConsoleOrganizationResource {
  constructor(private readonly t: Transport) {}

  /** The organization's programs with details (organization view). */
  listPrograms(params: OrganizationListParams = {}, signal?: AbortSignal) {
    return this.t.get<OrganizationProgramsPage>(routes.programs, { query: params, ...(signal ? { signal } : {}) })
  }

  /** The organization's admins with their grants (organization view). */
  listAdmins(params: OrganizationListParams = {}, signal?: AbortSignal) {
    return this.t.get<OrganizationAdminsPage>(routes.admins, { query: params, ...(signal ? { signal } : {}) })
  }

  /** The invite form's definition and permission choices (organization manage). */
  inviteAdminForm() {
    return this.t.get<InviteAdminForm>(routes.newAdmin)
  }

  /** Invites an admin with exactly these grants; a refusal answers `{ success: false, errors }`. */
  inviteAdmin(body: InviteAdminRequest) {
    return this.formCall(routes.admins, body)
  }

  /** Every program feature with its state (super admin). `enabled`: 'on' or 'off' narrows the list. */
  listFeaturePrograms(params: OrganizationListParams & { enabled?: 'on' | 'off' } = {}, signal?: AbortSignal) {
    return this.t.get<FeatureProgramsPage>(routes.featurePrograms, { query: params, ...(signal ? { signal } : {}) })
  }

  featureProgramForm() {
    return this.t.get<FormDefinition>(routes.newFeatureProgram)
  }

  /** Turns one feature of one program on or off (super admin). */
  setFeature(body: FeatureProgramRequest) {
    return this.formCall(routes.featurePrograms, body)
  }

  /** A generic form write: the server's `{ success, errors }` refusal is a result, not an exception. */
  private async formCall(path: string, body: unknown): Promise<FormResult> {
    try {
      return await this.t.post<FormResult>(path, { json: body })
    } catch (error) {
      if (error instanceof TesseraError && isFormResult(error.body)) return error.body
      throw error
    }
  }
}
