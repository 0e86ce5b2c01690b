// Dashboard > Economics (issue 27): its own chunk, loaded when the tab is first opened.
export { EconomicsPage } from './components/economics-page'
