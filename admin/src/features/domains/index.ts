export { DomainFormPage } from './components/domain-form-page'
export { DomainListPage } from './components/domain-list-page'
