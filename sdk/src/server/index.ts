import { type CallOptions, Http, type ServerClientOptions } from './http'
import type {
  Action,
  ActionListParams,
  ChallengeCompletion,
  EconomicsParams,
  EconomicsReport,
  IdentityToken,
  IdentityTokenParams,
  LedgerEntry,
  LedgerListParams,
  Page,
  Participant,
  ParticipantErasure,
  ParticipantExport,
  ParticipantLookupParams,
  ParticipantUpsertParams,
  PointsAdjustParams,
  PointsAdjustResult,
  PointsChangeParams,
  Receipt,
  ReceiptCreateParams,
  Reward,
  RewardClaim,
  RewardClaimParams,
  RewardListParams,
} from './types'

const seg = (value: number | string) => encodeURIComponent(String(value))

/**
 * Every item of a cursor-paginated list, page after page (`starting_after` = the last id seen, while
 * `has_more`). Stop early with `break`: no further page is fetched.
 */
export async function* paginate<T extends { id: number }>(fetchPage: (startingAfter: number | undefined) => Promise<Page<T>>, startingAfter?: number): AsyncGenerator<T, void, undefined> {
  let cursor = startingAfter
  for (;;) {
    const page = await fetchPage(cursor)
    yield* page.data
    const last = page.data[page.data.length - 1]
    if (!page.has_more || !last) return
    cursor = last.id
  }
}

/**
 * The server client for `/api/v1`, for partners' servers (Node 20+, Workers, Deno, Bun; fetch and
 * WebCrypto only). Every POST carries an `Idempotency-Key` (yours, or a random one reused by the call's
 * own retries); network errors, timeouts, 429 and 5xx are retried with backoff; other errors throw a
 * `TesseraApiError` subclass.
 * @example
 * const tessera = createServerClient({ apiKey: process.env.TESSERA_API_KEY!, baseUrl: 'https://loyalty.example.com' })
 * const ana = await tessera.participants.upsert({ email: 'ana@example.com', external_id: 'cust-42' })
 * await tessera.points.earn(ana.id, { amount: 100, reason: 'Order 1001' }, { idempotencyKey: 'order-1001' })
 */
export function createServerClient(options: ServerClientOptions) {
  const http = new Http(options)
  const ledgerPage = (participantId: number, params: LedgerListParams = {}, call?: CallOptions) =>
    http.request<Page<LedgerEntry>>({ method: 'GET', path: `/participants/${seg(participantId)}/ledger`, query: params }, call)
  const actionsPage = (participantId: number, params: ActionListParams = {}, call?: CallOptions) =>
    http.request<Page<Action>>({ method: 'GET', path: `/participants/${seg(participantId)}/actions`, query: params }, call)
  const rewardsPage = (params: RewardListParams = {}, call?: CallOptions) => http.request<Page<Reward>>({ method: 'GET', path: '/rewards', query: params }, call)
  const adjust = (participantId: number, params: PointsAdjustParams, call?: CallOptions) =>
    http.request<PointsAdjustResult>({ method: 'POST', path: `/participants/${seg(participantId)}/points`, body: params }, call)

  return {
    participants: {
      /** Creates (by `email`) or updates the participant found by `external_id`, else `email`. */
      upsert: (params: ParticipantUpsertParams, call?: CallOptions) => http.request<Participant>({ method: 'POST', path: '/participants', body: params }, call),
      /** The participant with this `email` or `external_id`, or null. */
      lookup: async (params: ParticipantLookupParams, call?: CallOptions): Promise<Participant | null> =>
        (await http.request<Page<Participant>>({ method: 'GET', path: '/participants', query: params }, call)).data[0] ?? null,
      /** By id; `ApiNotFoundError` for an id outside the key's program. */
      retrieve: (participantId: number, call?: CallOptions) => http.request<Participant>({ method: 'GET', path: `/participants/${seg(participantId)}` }, call),
      /** Everything the program holds about the participant, as one JSON document (a data access request; receipt photo links work for 24 hours). */
      export: (participantId: number, call?: CallOptions) => http.request<ParticipantExport>({ method: 'GET', path: `/participants/${seg(participantId)}/export` }, call),
      /**
       * Erases the participant (a deletion request): personal fields overwritten or removed, receipt photos
       * deleted, sessions ended; points, claims and the program's totals kept under an anonymous tombstone.
       * Safe to repeat: a repeat answers the same (`files` turns `done` once their photos are gone).
       */
      erase: (participantId: number, call?: CallOptions) => http.request<ParticipantErasure>({ method: 'POST', path: `/participants/${seg(participantId)}/erase` }, call),
    },
    points: {
      /** Earn, spend or refund. Pass your own `idempotencyKey` (e.g. the order id) to make the write once-only across processes. */
      adjust,
      earn: (participantId: number, params: PointsChangeParams, call?: CallOptions) => adjust(participantId, { ...params, type: 'earn' }, call),
      /** `not_enough_points` (422) when the balance is lower than `amount`. */
      spend: (participantId: number, params: PointsChangeParams, call?: CallOptions) => adjust(participantId, { ...params, type: 'spend' }, call),
      refund: (participantId: number, params: PointsChangeParams, call?: CallOptions) => adjust(participantId, { ...params, type: 'refund' }, call),
    },
    ledger: {
      /** One page, newest first: `limit` (1-100, default 20) rows after `starting_after`. */
      list: ledgerPage,
      /** Every entry, newest first, fetching pages of `limit` as the loop goes. */
      iterate: (participantId: number, params: LedgerListParams = {}, call?: CallOptions) =>
        paginate((starting_after) => ledgerPage(participantId, { ...params, starting_after }, call), params.starting_after),
    },
    actions: {
      /** One page of the participant's activity, newest first. */
      list: actionsPage,
      iterate: (participantId: number, params: ActionListParams = {}, call?: CallOptions) =>
        paginate((starting_after) => actionsPage(participantId, { ...params, starting_after }, call), params.starting_after),
    },
    challenges: {
      /** Completes the challenge (its id or identifier) for the participant, `api_completion_only` ones included. */
      complete: (participantId: number, challenge: number | string, call?: CallOptions) =>
        http.request<ChallengeCompletion>({ method: 'POST', path: `/participants/${seg(participantId)}/challenges/${seg(challenge)}/complete` }, call),
    },
    rewards: {
      /** One page of published rewards by id ascending; `status` filters by effective status. */
      list: rewardsPage,
      iterate: (params: RewardListParams = {}, call?: CallOptions) => paginate((starting_after) => rewardsPage({ ...params, starting_after }, call), params.starting_after),
      /** Claims for the participant, spending their points (`entries` for sweepstakes). */
      claim: (participantId: number, rewardId: number, params?: RewardClaimParams, call?: CallOptions) =>
        http.request<RewardClaim>({ method: 'POST', path: `/participants/${seg(participantId)}/rewards/${seg(rewardId)}/claim`, body: params }, call),
    },
    identityTokens: {
      /** A single-use `v1.` token that signs the participant in to the widgets (docs/embedding.md). */
      create: (params: IdentityTokenParams, call?: CallOptions) => http.request<IdentityToken>({ method: 'POST', path: '/identity_tokens', body: params }, call),
    },
    receipts: {
      /** Sends a purchase receipt with its items already read (source external); the same `external_id` answers the receipt already there. */
      create: (params: ReceiptCreateParams, call?: CallOptions) => http.request<Receipt>({ method: 'POST', path: '/receipts', body: params }, call),
    },
    economics: {
      /** The program's economics for a period: liability, redemption and breakage, earn and burn, expiry forecast, participation, retention, tiers. */
      retrieve: (params: EconomicsParams = {}, call?: CallOptions) => http.request<EconomicsReport>({ method: 'GET', path: '/economics', query: params }, call),
    },
    /** The OpenAPI 3.1 document of this API. */
    openApi: (call?: CallOptions) => http.request<Record<string, unknown>>({ method: 'GET', path: '/openapi.json' }, call),
  }
}

export type TesseraServerClient = ReturnType<typeof createServerClient>
export type { CallOptions, FetchLike, ServerClientOptions } from './http'
export { randomIdempotencyKey } from './http'
export {
  ApiAuthenticationError,
  ApiConflictError,
  ApiConnectionError,
  type ApiErrorKind,
  ApiIdempotencyError,
  ApiNotFoundError,
  ApiPermissionError,
  ApiRateLimitError,
  ApiValidationError,
  TesseraApiError,
} from './errors'
export type * from './types'
