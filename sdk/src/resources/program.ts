import type { ParticipantSummary } from '../../contract/participant'
import { programRoutes as routes } from '../../contract/paths'
import type { ProgramPageBody, PublicProgram } from '../../contract/program'
import type { Transport } from '../transport'

export class ProgramResource {
  constructor(private readonly t: Transport) {}
  /** The program entity: branding, terms, features, menus, pages. */
  retrieve(): Promise<PublicProgram> {
    return this.t.get(routes.program)
  }
  /**
   * A published page (Privacy, Rules, Terms, ...) with its body.
   * @example const rules = await client.program.page('rules')
   */
  page(slug: string): Promise<ProgramPageBody> {
    return this.t.get(routes.page(slug))
  }
}

export class ParticipantResource {
  constructor(private readonly t: Transport) {}
  /** The signed-in participant; throws AuthenticationError when signed out. */
  retrieve(): Promise<ParticipantSummary> {
    return this.t.get(routes.participant)
  }
}
