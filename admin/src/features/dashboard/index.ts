// The dashboard's public entry: the pieces other dashboard tabs (features/economics) build on.
export { DashboardBlock, NoResults } from './components/dashboard-block'
export { formatMonth } from './components/format'
