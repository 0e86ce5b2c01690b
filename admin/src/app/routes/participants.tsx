import { createRoute } from '@tanstack/react-router'
import { tableSearchSchema } from '../../components/ui/data-table/table-search'
import { ParticipantPage } from '../../features/participants/components/participant-page'
import { ParticipantTab } from '../../features/participants/components/participant-tab'
import { ParticipantsPage } from '../../features/participants/components/participants-page'
import { numericParam } from './params'
import { programRoute } from './program'

const usersRoute = createRoute({
  getParentRoute: () => programRoute,
  path: 'users',
  staticData: { permission: 'users:view', area: 'users', title: 'nav.users' },
})

const usersIndexRoute = createRoute({
  getParentRoute: () => usersRoute,
  path: '/',
  validateSearch: tableSearchSchema,
  component: ParticipantsPage,
})

/** users/{end_user_id} and its tabs (spec section 2); tables in tabs keep their state in the URL. */
const userRoute = createRoute({
  getParentRoute: () => usersRoute,
  path: '$userId',
  params: numericParam('userId'),
  component: ParticipantPage,
})

const tab = <P extends string>(path: P, id: Parameters<typeof ParticipantTab>[0]['tab']) =>
  createRoute({
    getParentRoute: () => userRoute,
    path,
    validateSearch: tableSearchSchema,
    component: () => <ParticipantTab tab={id} />,
  })

const attributesRoute = createRoute({ getParentRoute: () => userRoute, path: 'attributes' })

/** attributes/{participant_profile_id}/edit */
const attributeEditRoute = createRoute({
  getParentRoute: () => attributesRoute,
  path: '$profileId/edit',
  params: numericParam('profileId'),
  component: () => <ParticipantTab tab="attribute-edit" />,
})

export const participantsRoutes = usersRoute.addChildren([
  usersIndexRoute,
  userRoute.addChildren([
    tab('/', 'actions'),
    tab('rewards', 'rewards'),
    tab('challenges', 'challenges'),
    tab('questions', 'questions'),
    attributesRoute.addChildren([
      createRoute({ getParentRoute: () => attributesRoute, path: '/', component: () => <ParticipantTab tab="attributes" /> }),
      createRoute({ getParentRoute: () => attributesRoute, path: 'new', component: () => <ParticipantTab tab="attribute-new" /> }),
      attributeEditRoute,
    ]),
    tab('participant_answers', 'participant_answers'),
    tab('recruited', 'recruited'),
    tab('receipts', 'receipts'),
    tab('blockchain_transactions', 'blockchain_transactions'),
  ]),
])
