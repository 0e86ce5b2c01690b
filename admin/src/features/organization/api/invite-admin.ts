import { useQuery } from '@tanstack/react-query'
import {
  type AdminGrant,
  type InviteAdminForm,
  inviteAdminFormSchema,
  type InviteAdminRequest,
} from '../../../../../sdk/contract/console/organization'
import { adminClient } from '../../../lib/api-client'
import { organizationKey } from '../../../lib/query-client'

export type { InviteAdminForm }
export type PermissionChoice = InviteAdminForm['permission_choices']['permissions'][number]

/** GET /admin/v2/users/new: the form definition and the permission choices, fetched fresh each time. */
export function useInviteAdminForm(enabled: boolean) {
  return useQuery({
    queryKey: organizationKey('invite-form'),
    queryFn: async () => inviteAdminFormSchema.parse(await adminClient().organization.inviteAdminForm()),
    enabled,
    staleTime: 0,
    gcTime: 0,
  })
}

/** POST /admin/v2/users; a refusal answers `{ success: false, errors }` rather than throwing. */
export const inviteAdmin = (body: InviteAdminRequest) => adminClient().organization.inviteAdmin(body)

/** One granted pair on one program, as the picker keeps it: `programId:resource:action`. */
export const grantKey = (programId: number, resource: string, action: string) => `${programId}:${resource}:${action}`

/** The request's `permissions` from the picked keys. */
export function grantsFromKeys(keys: Iterable<string>): AdminGrant[] {
  return [...keys].map((key) => {
    const [programId, resource, action] = key.split(':') as [string, string, string]
    return { program_id: Number(programId), resource, action }
  })
}

/** `manage` on a resource implies its other actions (section 6): they show as held, not as grants. */
export const impliedByManage = (selected: ReadonlySet<string>, programId: number, resource: string, action: string) =>
  action !== 'manage' && selected.has(grantKey(programId, resource, 'manage'))
