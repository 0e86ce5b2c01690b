import { type Signal, signal } from '@preact/signals'
import type { ParticipantSummary } from '../../../sdk/contract/participant'
import type { PublicProgram } from '../../../sdk/contract/program'
import { createClient, type TesseraClient } from '../../../sdk/src/index'
import { createSession, type Session } from '../widgets/shared/session'
import { emit, type EventParticipant } from './events'
import { HANDOFF_PARAM } from './handoff-param'
import { mediaReviver } from './media-urls'
import { createTokenStore, tokenKey } from './token-store'
import { trackVisit } from '../widgets/shared/track-visit'

export type RuntimeOptions = {
  programKey: string
  /** The Tessera origin the API calls go to ('' inside the iframe page: same origin). */
  apiBase: string
  /** Already known (the iframe page's bootstrap): no program request. */
  program?: PublicProgram
}

/**
 * Everything the widgets of one program share on a page: the token-mode client, the program, and the
 * participant session. Every element of that program reads the same signals, so signing in inside
 * <tessera-signin> turns <tessera-challenge-tiles> signed-in at once.
 */
export type Runtime = {
  programKey: string
  apiBase: string
  client: TesseraClient
  session: Session
  program: Signal<PublicProgram | null>
  programFailed: Signal<boolean>
  loadProgram(): void
  /** A hosted-site URL of this program (terms pages, challenges the embed cannot show). */
  siteUrl(path: string): string
  /** After a session token arrived: loads the participant and dispatches tessera:signed-in on `target`. */
  completeSignIn(target: EventTarget): Promise<ParticipantSummary | null>
  signInWithIdentityToken(token: string, target?: EventTarget): Promise<ParticipantSummary | null>
  signOut(target?: EventTarget): Promise<void>
  /**
   * Re-reads the participant (points after a submit or a claim), and tells the program's other
   * runtimes that share this storage (the other iframe widgets of the page, other tabs) to do the same.
   */
  refresh(): void
}

export const eventParticipant = (p: ParticipantSummary): EventParticipant => ({
  id: p.id,
  first_name: p.first_name,
  last_name: p.last_name,
  email: p.email,
  unused_points: p.unused_points,
  points: p.points,
})

const runtimes = new Map<string, Runtime>()

/** The runtime of a program on this page, made once. */
export function getRuntime(options: RuntimeOptions): Runtime {
  const id = `${options.apiBase}|${options.programKey}`
  let runtime = runtimes.get(id)
  if (!runtime) {
    runtime = createRuntime(options)
    runtimes.set(id, runtime)
    // Once per program per page load, however many widgets the page holds.
    trackVisit(options.apiBase, options.programKey, options.apiBase ? 'widget' : 'iframe')
  }
  return runtime
}

/** Every runtime made so far (calls like signOut apply to all of them). */
export const allRuntimes = () => [...runtimes.values()]

export function createRuntime({ programKey, apiBase, program: known }: RuntimeOptions): Runtime {
  const store = createTokenStore(programKey)
  let syncing = false
  const client = createClient({
    baseUrl: apiBase || undefined,
    programKey,
    auth: 'token',
    sessionToken: store.read(),
    onSessionToken: (token) => {
      if (!syncing) store.write(token)
    },
    // Cross-origin (a partner's page): media paths in answers must point at the Tessera origin.
    ...(apiBase ? { reviver: mediaReviver(apiBase) } : {}),
  })
  const session = createSession(client, Boolean(client.transport.sessionToken))
  const program = signal<PublicProgram | null>(known ?? null)
  const programFailed = signal(false)
  let programRequest: Promise<unknown> | null = null
  let explained = false

  function loadProgram() {
    if (program.value || programRequest) return
    programFailed.value = false
    programRequest = client.program.retrieve().then(
      (p) => {
        program.value = p
      },
      (err: unknown) => {
        programFailed.value = true
        programRequest = null
        if (!explained) {
          explained = true
          // The explanation's words are fetched only when there is something to explain.
          void import('./runtime-failures')
            .then((m) => m.explainProgramFailure(err, apiBase, programKey))
            .then((message) => console.error(...message))
        }
      },
    )
  }

  /** Reads the participant; a token the server no longer knows is forgotten. */
  async function loadSession() {
    await session.load()
    if (session.status.value === 'signed_out' && client.transport.sessionToken)
      client.transport.setSessionToken(null)
  }

  async function loadParticipant(): Promise<ParticipantSummary | null> {
    session.status.value = 'loading'
    await loadSession()
    return session.participant.value
  }

  async function completeSignIn(target: EventTarget) {
    const participant = await loadParticipant()
    if (participant) emit(target, 'tessera:signed-in', { participant: eventParticipant(participant) })
    return participant
  }

  async function signInWithIdentityToken(token: string, target: EventTarget = document) {
    // The exchange and its refusal's words are fetched with the first identity token (runtime-signin.ts).
    const { exchangeIdentityToken } = await import('./runtime-signin')
    await exchangeIdentityToken(client, token)
    return completeSignIn(target)
  }

  async function signOut(target: EventTarget = document) {
    const wasSignedIn = session.signedIn.value
    try {
      if (client.transport.sessionToken) await session.signOut()
    } catch {
      // Expired or revoked already: forgetting it here is all that is left to do.
    }
    client.transport.setSessionToken(null)
    session.participant.value = null
    session.status.value = 'signed_out'
    if (wasSignedIn) emit(target, 'tessera:signed-out', {})
  }

  // Another tab, or another widget instance of the same program, signed in or out.
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (e) => {
      if (e.key !== tokenKey(programKey)) return
      syncing = true
      client.transport.setSessionToken(e.newValue)
      syncing = false
      if (e.newValue) void loadParticipant()
      else {
        session.participant.value = null
        session.status.value = 'signed_out'
      }
    })
  }

  // Iframe mode gives each frame its own runtime: a balance changed in one frame (a survey, a claim)
  // reaches the program's other frames of the page, and other tabs, through this channel. Browsers
  // partition it like localStorage, so it spans exactly the runtimes that share the token.
  const changes = typeof BroadcastChannel === 'function' ? new BroadcastChannel(tokenKey(programKey)) : null
  if (changes)
    changes.onmessage = () => {
      if (session.signedIn.value) void loadSession()
    }

  // A confirmed magic link of an embedded sign-in came back to this page: the handoff becomes this
  // program's session (the link's page load started a fresh runtime, so nothing else is in flight).
  // Only then is the exchange fetched (runtime-signin.ts).
  if (typeof window !== 'undefined' && location.hash.includes(HANDOFF_PARAM)) {
    void import('./runtime-signin').then(async ({ takeHandoff, exchangeHandoff }) => {
      const handoff = takeHandoff(programKey)
      if (!handoff) return loadSession()
      session.status.value = 'loading'
      await exchangeHandoff(client, handoff)
      if (client.transport.sessionToken) await completeSignIn(document)
      else await loadSession()
    }, loadSession)
  } else void loadSession()

  return {
    programKey,
    apiBase,
    client,
    session,
    program,
    programFailed,
    loadProgram,
    siteUrl: (path) => {
      const url = new URL(path, apiBase || location.origin)
      url.searchParams.set('program', programKey)
      return url.toString()
    },
    completeSignIn,
    signInWithIdentityToken,
    signOut,
    refresh: () => {
      if (!session.signedIn.value) return
      void loadSession()
      changes?.postMessage('changed')
    },
  }
}
