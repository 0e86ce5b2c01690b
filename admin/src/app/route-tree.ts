import { authRoutes } from './routes/auth'
import { challengesRoutes } from './routes/challenges'
import { consoleIndexRoute, consoleRoute, notFoundRoute } from './routes/console'
import { dashboardRoutes } from './routes/dashboard'
import { organizationRoutes } from './routes/organization'
import { participantsRoutes } from './routes/participants'
import { programIndexRoute, programRoute } from './routes/program'
import { purchaseProofRoutes, receiptRedirectRoute, receiptsRoute } from './routes/receipts'
import { referralsRoutes } from './routes/referrals'
import { rewardsRoutes } from './routes/rewards'
import { rootRoute } from './routes/root'
import { adminTagsRoutes, contentTagsRoutes } from './routes/tags'
import { domainListRoutes } from './routes/domains'
import { evergreenRoutes } from './routes/evergreen'
import { feedPostsRoutes } from './routes/feed-posts'
import { integrationsRoutes } from './routes/integrations'
import { programSettingsRoutes } from './routes/settings-program'
import { programPagesRoutes } from './routes/program-pages'
import { layoutSettingsRoutes } from './routes/layout-settings'
import { mediaLibraryRoute } from './routes/media'
import { brandingRoutes } from './routes/branding'

/**
 * /admin/v2
 * ├─ auth/sign_in, login, magic-login      signed-out pages (signed-in users go to the index)
 * ├─ auth/sign_out
 * └─ (console layout: signed in, shell, access check from each route's staticData)
 *    ├─ /                                   landing redirect, or no programs, or access denied
 *    ├─ programs/$programId                 the program must be the user's
 *    │  ├─ /                                -> the program's landing area
 *    │  ├─ dashboard (/, actions, challenges, rewards, economics)
 *    │  ├─ users (/, $userId with its tabs)
 *    │  ├─ challenges (/, new, $challengeId with its tabs, $challengeId/edit)
 *    │  ├─ rewards (/, new, $rewardId with its tabs, $rewardId/edit)
 *    │  ├─ receipts (/, $receiptId) and settings/purchase-proof (/, products, merchants with new and edit)
 *    │  ├─ referrals (/, $referralId with its tabs: /, activity, history)
 *    │  ├─ settings (-> settings/general), settings/general, labels, seo, enrollment, data-retention,
 *    │  │  profile-attributes (/, new, $profileAttributeId), program_tiers
 *    │  ├─ settings/content-tags and settings/tags (/, new, $tagId, $tagId/edit)
 *    │  ├─ settings/program-pages (/, new, $programPageId)
 *    │  ├─ settings/layout (-> navigation-menus; navigation-menus, carousels)
 *    │  ├─ settings/integrations (social-network-pages, offers-reward, photo-contests, aptos, api_auths, webhooks)
 *    │  ├─ settings/media-library
 *    │  └─ settings/branding (-> colors; colors, theme, assets, fonts, borders, css)
 *    ├─ organization (programs, admins, features, features/new)
 *    ├─ receipts/$receiptId                 redirect to the receipt in its program
 *    └─ $                                   not found
 */
export const routeTree = rootRoute.addChildren([
  ...authRoutes,
  consoleRoute.addChildren([
    consoleIndexRoute,
    programRoute.addChildren([programIndexRoute, dashboardRoutes, participantsRoutes, challengesRoutes, rewardsRoutes, receiptsRoute, referralsRoutes, purchaseProofRoutes, contentTagsRoutes, adminTagsRoutes, domainListRoutes, evergreenRoutes, feedPostsRoutes, integrationsRoutes, ...programSettingsRoutes, programPagesRoutes, layoutSettingsRoutes, mediaLibraryRoute, brandingRoutes]),
    organizationRoutes,
    receiptRedirectRoute,
    notFoundRoute,
  ]),
])
