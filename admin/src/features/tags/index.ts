export { AdminTagPage, ContentTagPage } from './components/tag-detail-pages'
export { TagFormPage } from './components/tag-form-page'
export { AdminTagsPage, ContentTagsPage } from './components/tag-list-page'
