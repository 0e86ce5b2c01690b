import { pageLoader } from '../lazy-page'

/** The reward details modal loads on first visit, in its own chunk. */
export const rewardPage = pageLoader(() => import('./reward-page').then((m) => m.RewardPage))
