import { createRoute } from '@tanstack/react-router'
import { tableSearchSchema } from '../../components/ui/data-table/table-search'
import { ChallengePage, ChallengeTabTable } from '../../features/challenges/components/challenge-page'
import { ChallengeWizard } from '../../features/challenges/components/challenge-wizard'
import { ChallengesPage } from '../../features/challenges/components/challenges-page'
import { numericParam } from './params'
import { programRoute } from './program'

const challengesRoute = createRoute({
  getParentRoute: () => programRoute,
  path: 'challenges',
  staticData: { permission: 'challenges:view', area: 'challenges', title: 'nav.challenges' },
})

const challengesIndexRoute = createRoute({
  getParentRoute: () => challengesRoute,
  path: '/',
  validateSearch: tableSearchSchema,
  component: ChallengesPage,
})

/** challenges/new: the create wizard (challenges create). */
const newRoute = createRoute({
  getParentRoute: () => challengesRoute,
  path: 'new',
  staticData: { permission: 'challenges:create' },
  component: () => <ChallengeWizard mode="create" />,
})

/** challenges/{challenge_id} with its tabs Users (index) and Participant Answers. */
const challengeRoute = createRoute({
  getParentRoute: () => challengesRoute,
  path: '$challengeId',
  params: numericParam('challengeId'),
})

const detailRoute = createRoute({ getParentRoute: () => challengeRoute, id: 'detail', component: ChallengePage })

const tab = <P extends string>(path: P, id: 'participants' | 'participant_answers') =>
  createRoute({ getParentRoute: () => detailRoute, path, validateSearch: tableSearchSchema, component: () => <ChallengeTabTable tab={id} /> })

/** challenges/{challenge_id}/edit: the edit wizard (challenges update). */
const editRoute = createRoute({
  getParentRoute: () => challengeRoute,
  path: 'edit',
  staticData: { permission: 'challenges:update' },
  component: () => <ChallengeWizard mode="update" />,
})

export const challengesRoutes = challengesRoute.addChildren([
  challengesIndexRoute,
  newRoute,
  challengeRoute.addChildren([detailRoute.addChildren([tab('/', 'participants'), tab('participant_answers', 'participant_answers')]), editRoute]),
])
