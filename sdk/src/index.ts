import { AccountResource } from './resources/account'
import { AdminAuthResource, AdminProgramsResource } from './resources/admin'
import { AuthResource } from './resources/auth'
import { ConsoleDashboardResource } from './resources/console-dashboard'
import { ConsoleOrganizationResource } from './resources/console-organization'
import { ConsoleParticipantsResource } from './resources/console-participants'
import { ChallengesResource } from './resources/challenges'
import { HomeResource } from './resources/home'
import { OffersResource } from './resources/offers'
import { ParticipantResource, ProgramResource } from './resources/program'
import { ReferralsResource } from './resources/referrals'
import { RewardsResource } from './resources/rewards'
import { Transport, type TransportOptions } from './transport'

/**
 * The participant client, for the hosted site, widgets and partner code.
 * @example
 * const client = createClient({ baseUrl: 'https://demo.tessera.app', programKey: 'demo', auth: 'token' })
 * const program = await client.program.retrieve()
 */
export function createClient(options: TransportOptions = {}) {
  const transport = new Transport(options)
  return {
    transport,
    auth: new AuthResource(transport),
    program: new ProgramResource(transport),
    participant: new ParticipantResource(transport),
    challenges: new ChallengesResource(transport),
    home: new HomeResource(transport),
    account: new AccountResource(transport),
    rewards: new RewardsResource(transport),
    referrals: new ReferralsResource(transport),
    offers: new OffersResource(transport),
  }
}
export type TesseraClient = ReturnType<typeof createClient>

/** The console client (cookie session + CSRF). */
export function createAdminClient(options: Omit<TransportOptions, 'auth'> = {}) {
  const transport = new Transport({ ...options, auth: 'cookie' })
  return {
    transport,
    auth: new AdminAuthResource(transport),
    programs: new AdminProgramsResource(transport),
    organization: new ConsoleOrganizationResource(transport),
    dashboard: new ConsoleDashboardResource(transport),
    participants: new ConsoleParticipantsResource(transport),
  }
}
export type TesseraAdminClient = ReturnType<typeof createAdminClient>

export * from './errors'
export { newIdempotencyKey, Transport, type TransportOptions } from './transport'
