import { type ComponentChildren, render } from 'preact'
import { act } from 'preact/test-utils'
import type { ParticipantSummary } from '../../../../sdk/contract/participant'
import type { PublicProgram } from '../../../../sdk/contract/program'
import type { TesseraClient } from '../../../../sdk/src/index'
import { SiteContext } from './context'
import { createSession, type Session } from './session'

/**
 * Component tests (happy-dom): widgets rendered inside a SiteContext as the hosted site and the
 * embed provide it, with a signed-in participant and a client made of the parts a test answers.
 */

/** The demo program, as far as widgets read it. */
export const testProgram = (over: Partial<PublicProgram> = {}): PublicProgram =>
  ({
    id: 1,
    name: 'Tessera Demo',
    public_key: 'demo',
    term_points_as: 'points',
    term_rewards_as: 'rewards',
    membership_challenge: null,
    published_program_pages: [],
    navigation_menus: [],
    ...over,
  }) as PublicProgram

export const testParticipant = (over: Partial<ParticipantSummary> = {}): ParticipantSummary => ({
  id: 7,
  first_name: 'Flo',
  last_name: 'Tester',
  name: 'Flo Tester',
  email: 'flo@example.com',
  avatar: { url: null },
  unused_points: 175,
  points: 175,
  completed_challenges: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  email_setting_id: null,
  eligible_offers_rewards: false,
  referral_code: 'FLO123',
  profile_attributes: {},
  tier: null,
  ...over,
})

export type Rendered = { container: HTMLElement; session: Session; unmount: () => void }

/**
 * Renders `ui` in a SiteContext. `client` holds the resources the test answers; the participant is
 * signed in and loaded (`client.participant.retrieve` answers it again unless the test says otherwise).
 */
export async function renderInSite(
  ui: ComponentChildren,
  {
    client = {},
    participant = testParticipant(),
    program = testProgram(),
  }: { client?: Partial<Record<keyof TesseraClient, unknown>>; participant?: ParticipantSummary; program?: PublicProgram } = {},
): Promise<Rendered> {
  const full = {
    participant: { retrieve: async () => participant },
    auth: { signOut: async () => undefined },
    ...client,
  } as unknown as TesseraClient
  const session = createSession(full, true)
  session.participant.value = participant
  session.status.value = 'ready'
  const container = document.createElement('div')
  document.body.append(container)
  await act(() => {
    render(<SiteContext.Provider value={{ program, client: full, session }}>{ui}</SiteContext.Provider>, container)
  })
  return {
    container,
    session,
    unmount: () => {
      render(null, container)
      container.remove()
    },
  }
}

/** The button whose text is `name` (throws when there is none, like a query that must find it). */
export function button(root: ParentNode, name: string): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)
  if (!found) throw new Error(`no button "${name}"`)
  return found
}

/** Clicks and lets the handlers, their awaited answers and the re-render run. */
export async function click(element: HTMLElement) {
  await act(async () => {
    element.click()
    await new Promise((r) => setTimeout(r, 0))
  })
}
