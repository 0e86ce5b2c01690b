import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { tableSearchSchema } from '../../components/ui/data-table/table-search'
import { numericParam } from './params'
import { programRoute } from './program'

const loadReferrals = () => import('../../features/referrals')
const ReferralsPage = lazyRouteComponent(loadReferrals, 'ReferralsPage')
const ReferralPage = lazyRouteComponent(loadReferrals, 'ReferralPage')
const ReferralOverview = lazyRouteComponent(loadReferrals, 'ReferralOverview')
const ReferralActivity = lazyRouteComponent(loadReferrals, 'ReferralActivity')
const ReferralHistory = lazyRouteComponent(loadReferrals, 'ReferralHistory')

/** programs/{program_id}/referrals and referrals/{referral_id} with its tabs (spec section 2 Referrals): referrals view. */
const meta = { permission: 'referrals:view', area: 'referrals', title: 'nav.referrals' } as const

const referralsRoute = createRoute({ getParentRoute: () => programRoute, path: 'referrals', staticData: meta })
const referralsIndexRoute = createRoute({ getParentRoute: () => referralsRoute, path: '/', validateSearch: tableSearchSchema, component: ReferralsPage })
const referralRoute = createRoute({ getParentRoute: () => referralsRoute, path: '$referralId', params: numericParam('referralId'), component: ReferralPage })
const overviewRoute = createRoute({ getParentRoute: () => referralRoute, path: '/', component: ReferralOverview })
const activityRoute = createRoute({ getParentRoute: () => referralRoute, path: 'activity', component: ReferralActivity })
const historyRoute = createRoute({ getParentRoute: () => referralRoute, path: 'history', component: ReferralHistory })

export const referralsRoutes = referralsRoute.addChildren([referralsIndexRoute, referralRoute.addChildren([overviewRoute, activityRoute, historyRoute])])
