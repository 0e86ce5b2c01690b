/** The console's rewards area (admin-console-part-b.md, Rewards): list, form, detail and its tabs. */
export { RewardFormPage } from './components/reward-form-page'
export { RewardPage } from './components/reward-page'
export { RewardCouponsTab, RewardMiniContestTab, RewardSweepstakesTab, RewardUsersTab } from './components/reward-tabs'
export { RewardsPage } from './components/rewards-page'
