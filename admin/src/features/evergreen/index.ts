export { EvergreenEditPage } from './components/evergreen-edit-page'
export { EvergreenListPage } from './components/evergreen-list-page'
