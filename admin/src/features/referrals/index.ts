export { ReferralActivity, ReferralHistory, ReferralOverview, ReferralPage } from './components/referral-page'
export { ReferralsPage } from './components/referrals-page'
