// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { cleanup, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { TaggingKind } from '../../../../sdk/contract/console/tags'
import { I18nProvider } from '../../lib/i18n'
import { createQueryClient } from '../../lib/query-client'
import { tagListQuery } from './api/tags'
import { AdminTagKinds } from './components/tag-detail-pages'
import { plural, taggingPaths } from './tag-links'

afterEach(cleanup)

const PROGRAM = 4
const item = (taggable_id: number, taggable_name: string) => ({ taggable_id, taggable_name, tenant: PROGRAM })
const kind = (display_name: string, attribute_name: string, value: ReturnType<typeof item>[]): TaggingKind => ({ display_name, attribute_name, value })

async function renderInRouter(ui: ReactNode) {
  const router = createRouter({ routeTree: createRootRoute({ component: () => ui }), history: createMemoryHistory({ initialEntries: ['/'] }) })
  await router.load()
  render(
    <I18nProvider locale="en">
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </I18nProvider>,
  )
}

describe('admin tag linking rules (spec section 2)', () => {
  it('links participants to program users, tiers to the tiers settings and other kinds to their plural route', () => {
    expect(taggingPaths(kind('Participants', 'participants', [item(3, 'Ann Lee')]), PROGRAM)).toEqual(['/programs/4/users/3'])
    expect(taggingPaths(kind('Program Tiers', 'program_tiers', [item(2, 'Gold')]), PROGRAM)).toEqual(['/programs/4/settings/program_tiers'])
    expect(taggingPaths(kind('Challenges', 'challenges', [item(8, 'Quiz')]), PROGRAM)).toEqual(['/programs/4/challenges/8'])
    expect(taggingPaths(kind('Rewards', 'reward', [item(9, 'Latte')]), PROGRAM)).toEqual(['/programs/4/rewards/9'])
    expect(plural('category')).toBe('categories')
  })

  it("makes no link at all when any item's name starts with 'Unknown'", () => {
    expect(taggingPaths(kind('Participants', 'participants', [item(3, 'Ann Lee'), item(5, 'Unknown participant')]), PROGRAM)).toEqual([null, null])
  })

  it("renders each kind's items as links, 'Unknown' lists unlinked, and 'No ... are using this tag.' for an empty kind", async () => {
    await renderInRouter(
      <AdminTagKinds
        programId={PROGRAM}
        taggings={{
          Participant: kind('Participants', 'participants', [item(3, 'Ann Lee'), item(5, 'Unknown participant')]),
          Challenge: kind('Challenges', 'challenges', [item(8, 'Espresso quiz')]),
          Reward: kind('Rewards', 'rewards', []),
        }}
      />,
    )
    const quiz = await screen.findByRole('link', { name: 'Espresso quiz' })
    expect(quiz.getAttribute('href')).toBe('/programs/4/challenges/8')
    const people = screen.getByRole('list', { name: 'Participants' })
    expect(within(people).queryAllByRole('link')).toHaveLength(0)
    expect(within(people).getByText('Ann Lee')).toBeTruthy()
    expect(screen.getByText('No rewards are using this tag.')).toBeTruthy()
  })
})

describe('tag list query', () => {
  it('sends paging, known sorts and the search, and drops unknown sorts', () => {
    expect(tagListQuery({ page: 2, per_page: 20, sort: 'created_at', order: 'desc', q: 'vip', filters: {} })).toEqual({ page: 2, per_page: 20, sort: 'created_at', order: 'desc', q: 'vip' })
    expect(tagListQuery({ page: 1, per_page: 20, sort: 'bogus', order: undefined, q: undefined, filters: {} })).toEqual({ page: 1, per_page: 20 })
  })
})
