export { ApiKeysPage, NewApiKeyPage } from './components/api-keys-pages'
export { AptosPage, OffersRewardPage, PhotoContestPage } from './components/settings-pages'
export { SocialPagesPage } from './components/social-pages-page'
export { EditWebhookPage, NewWebhookPage, WebhooksPage } from './components/webhooks-pages'
