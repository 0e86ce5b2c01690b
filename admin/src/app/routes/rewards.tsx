import { createRoute } from '@tanstack/react-router'
import { tableSearchSchema } from '../../components/ui/data-table/table-search'
import { RewardCouponsTab, RewardFormPage, RewardMiniContestTab, RewardPage, RewardSweepstakesTab, RewardsPage, RewardUsersTab } from '../../features/rewards'
import { SweepstakeDrawPanel } from '../../features/sweepstakes'
import { ChainLogTable } from '../../features/collectibles'
import { numericParam } from './params'
import { programRoute } from './program'

const rewardsRoute = createRoute({
  getParentRoute: () => programRoute,
  path: 'rewards',
  staticData: { permission: 'rewards:view', area: 'rewards', title: 'nav.rewards' },
})

const rewardsIndexRoute = createRoute({
  getParentRoute: () => rewardsRoute,
  path: '/',
  validateSearch: tableSearchSchema,
  component: RewardsPage,
})

/** rewards/new (spec section 6: rewards create). */
const newRewardRoute = createRoute({
  getParentRoute: () => rewardsRoute,
  path: 'new',
  staticData: { permission: 'rewards:create' },
  component: () => <RewardFormPage mode="create" />,
})

/** rewards/{reward_id}/edit (rewards update): beside the detail, not inside its tabs. */
const editRewardRoute = createRoute({
  getParentRoute: () => rewardsRoute,
  path: '$rewardId/edit',
  params: numericParam('rewardId'),
  staticData: { permission: 'rewards:update' },
  component: () => <RewardFormPage mode="update" />,
})

/** rewards/{reward_id} with its tabs; tables in tabs keep their state in the URL. */
const rewardRoute = createRoute({
  getParentRoute: () => rewardsRoute,
  path: '$rewardId',
  params: numericParam('rewardId'),
  component: RewardPage,
})

const tab = (path: string, component: () => React.ReactNode) =>
  createRoute({ getParentRoute: () => rewardRoute, path, validateSearch: tableSearchSchema, component })

function SweepstakesTab() {
  const { programId, rewardId } = rewardRoute.useParams()
  // The provably fair draw (features/sweepstakes) above the entries table.
  return <RewardSweepstakesTab drawPanel={<SweepstakeDrawPanel programId={programId} rewardId={rewardId} />} />
}

function BlockchainTransactionsTab() {
  const { programId, rewardId } = rewardRoute.useParams()
  return <ChainLogTable programId={programId} owner={{ kind: 'reward', id: rewardId }} />
}

export const rewardsRoutes = rewardsRoute.addChildren([
  rewardsIndexRoute,
  newRewardRoute,
  editRewardRoute,
  rewardRoute.addChildren([tab('/', RewardUsersTab), tab('coupons', RewardCouponsTab), tab('sweepstakes', SweepstakesTab), tab('mini_contest', RewardMiniContestTab), tab('blockchain_transactions', BlockchainTransactionsTab)]),
])
