import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router'
import { tableSearchSchema } from '../../components/ui/data-table/table-search'
import { numericParam } from './params'
import { programRoute } from './program'

// Each settings screen is its own chunk, fetched when first opened (the console's entry stays small).
const loadIntegrations = () => import('../../features/integrations')
const ApiKeysPage = lazyRouteComponent(loadIntegrations, 'ApiKeysPage')
const AptosPage = lazyRouteComponent(loadIntegrations, 'AptosPage')
const EditWebhookPage = lazyRouteComponent(loadIntegrations, 'EditWebhookPage')
const NewApiKeyPage = lazyRouteComponent(loadIntegrations, 'NewApiKeyPage')
const NewWebhookPage = lazyRouteComponent(loadIntegrations, 'NewWebhookPage')
const OffersRewardPage = lazyRouteComponent(loadIntegrations, 'OffersRewardPage')
const PhotoContestPage = lazyRouteComponent(loadIntegrations, 'PhotoContestPage')
const SocialPagesPage = lazyRouteComponent(loadIntegrations, 'SocialPagesPage')
const WebhooksPage = lazyRouteComponent(loadIntegrations, 'WebhooksPage')

/**
 * Settings: integrations (admin-console-part-b.md section 2): social-network-pages (default),
 * offers-reward, photo-contests, aptos, api_auths (list, new), webhooks (list searchable by url, new,
 * {webhook_id} edit). Section 6: "integrations settings" need program update.
 */
const integrationsRoute = createRoute({ getParentRoute: () => programRoute, path: 'settings/integrations', staticData: { permission: 'program:update', title: 'settings.socialPages' } })

const integrationsIndexRoute = createRoute({
  getParentRoute: () => integrationsRoute,
  path: '/',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/programs/$programId/settings/integrations/social-network-pages', params: { programId: params.programId }, replace: true })
  },
})
const socialRoute = createRoute({ getParentRoute: () => integrationsRoute, path: 'social-network-pages', staticData: { title: 'settings.socialPages' }, component: SocialPagesPage })
const offersRoute = createRoute({ getParentRoute: () => integrationsRoute, path: 'offers-reward', staticData: { title: 'settings.offersReward' }, component: OffersRewardPage })
const photoRoute = createRoute({ getParentRoute: () => integrationsRoute, path: 'photo-contests', staticData: { title: 'settings.photoContests' }, component: PhotoContestPage })
const aptosRoute = createRoute({ getParentRoute: () => integrationsRoute, path: 'aptos', staticData: { title: 'settings.aptos' }, component: AptosPage })

const apiKeysRoute = createRoute({ getParentRoute: () => integrationsRoute, path: 'api_auths', staticData: { title: 'settings.apiKeys' } })
const apiKeysIndexRoute = createRoute({ getParentRoute: () => apiKeysRoute, path: '/', validateSearch: tableSearchSchema, component: ApiKeysPage })
const newApiKeyRoute = createRoute({ getParentRoute: () => apiKeysRoute, path: 'new', component: NewApiKeyPage })

const webhooksRoute = createRoute({ getParentRoute: () => integrationsRoute, path: 'webhooks', staticData: { title: 'settings.webhooks' } })
const webhooksIndexRoute = createRoute({ getParentRoute: () => webhooksRoute, path: '/', validateSearch: tableSearchSchema, component: WebhooksPage })
const newWebhookRoute = createRoute({ getParentRoute: () => webhooksRoute, path: 'new', component: NewWebhookPage })
const editWebhookRoute = createRoute({ getParentRoute: () => webhooksRoute, path: '$webhookId', params: numericParam('webhookId'), component: EditWebhookPage })

export const integrationsRoutes = integrationsRoute.addChildren([
  integrationsIndexRoute,
  socialRoute,
  offersRoute,
  photoRoute,
  aptosRoute,
  apiKeysRoute.addChildren([apiKeysIndexRoute, newApiKeyRoute]),
  webhooksRoute.addChildren([webhooksIndexRoute, newWebhookRoute, editWebhookRoute]),
])
