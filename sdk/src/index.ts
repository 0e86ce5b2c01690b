import { AdminAuthResource, AdminProgramsResource } from './resources/admin'
import { AuthResource } from './resources/auth'
import { ParticipantResource, ProgramResource } from './resources/program'
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
  }
}
export type TesseraClient = ReturnType<typeof createClient>

/** The console client (cookie session + CSRF). */
export function createAdminClient(options: Omit<TransportOptions, 'auth'> = {}) {
  const transport = new Transport({ ...options, auth: 'cookie' })
  return { transport, auth: new AdminAuthResource(transport), programs: new AdminProgramsResource(transport) }
}
export type TesseraAdminClient = ReturnType<typeof createAdminClient>

export * from './errors'
export { newIdempotencyKey, Transport, type TransportOptions } from './transport'
