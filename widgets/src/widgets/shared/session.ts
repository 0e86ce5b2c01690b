import { computed, signal } from '@preact/signals'
import type { ParticipantSummary } from '../../../../sdk/contract/participant'
import { AuthenticationError, type TesseraClient } from '../../../../sdk/src/index'

export type SessionStatus = 'signed_out' | 'loading' | 'ready' | 'error'

/**
 * The signed-in participant. The page says whether a session exists (bootstrap signed_in); the
 * participant itself is fetched once, and an expired session turns the site back to signed out.
 */
export function createSession(client: Pick<TesseraClient, 'participant' | 'auth'>, signedIn: boolean) {
  const participant = signal<ParticipantSummary | null>(null)
  const status = signal<SessionStatus>(signedIn ? 'loading' : 'signed_out')

  async function load() {
    if (status.value === 'signed_out') return
    status.value = 'loading'
    try {
      participant.value = await client.participant.retrieve()
      status.value = 'ready'
    } catch (err) {
      status.value = err instanceof AuthenticationError ? 'signed_out' : 'error'
    }
  }

  /** Ends the session on the server; the caller then reloads the page. */
  async function signOut() {
    await client.auth.signOut()
    participant.value = null
    status.value = 'signed_out'
  }

  return { participant, status, signedIn: computed(() => status.value !== 'signed_out'), load, signOut }
}
export type Session = ReturnType<typeof createSession>
