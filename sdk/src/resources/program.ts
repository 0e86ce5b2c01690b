import type { ParticipantSummary } from '../../contract/participant'
import { programRoutes as routes } from '../../contract/paths'
import type { PublicProgram } from '../../contract/program'
import type { Transport } from '../transport'

export class ProgramResource {
  constructor(private readonly t: Transport) {}
  /** The program entity: branding, terms, features, menus, pages. */
  retrieve(): Promise<PublicProgram> {
    return this.t.get(routes.program)
  }
}

export class ParticipantResource {
  constructor(private readonly t: Transport) {}
  /** The signed-in participant; throws AuthenticationError when signed out. */
  retrieve(): Promise<ParticipantSummary> {
    return this.t.get(routes.participant)
  }
}
