import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { tableSearchSchema } from '../../components/ui/data-table/table-search'
import { numericParam } from './params'
import { programRoute } from './program'

// Each settings screen is its own chunk, fetched when first opened (the console's entry stays small).
const loadProgramPages = () => import('../../features/program-pages')
const EditProgramPage = lazyRouteComponent(loadProgramPages, 'EditProgramPage')
const NewProgramPage = lazyRouteComponent(loadProgramPages, 'NewProgramPage')
const ProgramPagesList = lazyRouteComponent(loadProgramPages, 'ProgramPagesList')

/**
 * Program settings program-pages (admin-console-part-b.md section 2: list, new, {program_page_id}).
 * Program update (section 6, "Branding and most settings").
 */
const pagesRoute = createRoute({ getParentRoute: () => programRoute, path: 'settings/program-pages', staticData: { permission: 'program:update', title: 'settings.programPages' } })
const pagesIndexRoute = createRoute({ getParentRoute: () => pagesRoute, path: '/', validateSearch: tableSearchSchema, component: ProgramPagesList })
const newPageRoute = createRoute({ getParentRoute: () => pagesRoute, path: 'new', component: NewProgramPage })
const pageRoute = createRoute({
  getParentRoute: () => pagesRoute,
  path: '$programPageId',
  params: numericParam('programPageId'),
  component: function ProgramPageRoute() {
    const { programPageId } = pageRoute.useParams()
    return <EditProgramPage key={programPageId} pageId={programPageId} />
  },
})

export const programPagesRoutes = pagesRoute.addChildren([pagesIndexRoute, newPageRoute, pageRoute])
