import { useQuery } from '@tanstack/react-query'
import type { DashboardAction, LatestUser, TopUser, UsersGrowthPoint } from '../../../../../sdk/contract/console/dashboard'
import { adminClient } from '../../../lib/api-client'
import { programKey } from '../../../lib/query-client'

export type { DashboardAction, LatestUser, TopUser, UsersGrowthPoint }

/**
 * The overview's blocks, one query each: each block loads, fails and retries on its own (spec
 * section 2, 'Error! something went wrong' per block).
 */
export const useUsersGrowth = (programId: number) =>
  useQuery({
    queryKey: programKey(programId, 'dashboard', 'users-growth'),
    queryFn: async ({ signal }) => (await adminClient().dashboard.usersGrowth(programId, signal)).data,
  })

export type TopUsersPeriod = 'last30Days' | 'allTime'

export const useTopUsers = (programId: number, period: TopUsersPeriod) =>
  useQuery({
    queryKey: programKey(programId, 'dashboard', 'top-users', period),
    queryFn: async ({ signal }) =>
      (period === 'allTime' ? await adminClient().dashboard.topUsersAllTime(programId, signal) : await adminClient().dashboard.topUsersThisMonth(programId, signal)).data,
  })

export const useLatestUsers = (programId: number) =>
  useQuery({
    queryKey: programKey(programId, 'dashboard', 'latest-users'),
    queryFn: async ({ signal }) => (await adminClient().dashboard.latestUsers(programId, signal)).data,
  })

export const useLatestActions = (programId: number) =>
  useQuery({
    queryKey: programKey(programId, 'dashboard', 'latest-actions'),
    queryFn: async ({ signal }) => (await adminClient().dashboard.latestActions(programId, signal)).data,
  })
