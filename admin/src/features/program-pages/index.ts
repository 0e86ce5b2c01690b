export { EditProgramPage, NewProgramPage } from './components/program-page-form'
export { ProgramPagesList } from './components/program-pages-list'
