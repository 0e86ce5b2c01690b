// Types only: a value import from the contract would bring zod into every bundle that imports the SDK (the widgets).
import type { FormDefinition, FormResult, FormValues } from '../../contract/console/forms'
import type {
  ImportJob,
  ImportJobReport,
  ParticipantActionRow,
  ParticipantAnswerRow,
  ParticipantAttributeRow,
  ParticipantChallengeRow,
  ParticipantDetail,
  ParticipantExportQuery,
  ParticipantImportOptions,
  ParticipantIntentRequest,
  ParticipantIntentResponse,
  ParticipantListQuery,
  ParticipantListResponse,
  ParticipantQuestionRow,
  ParticipantRewardRow,
  ParticipantStatus,
  ReceiptRow,
  RecruitedRow,
  TabPage,
} from '../../contract/console/participants'
import { newIdempotencyKey, type Transport } from '../transport'

const base = (programId: number) => `/admin/v2/programs/${programId}/participants`

/** The detail page's tabs and what each row holds. */
export type ParticipantTabs = {
  actions: ParticipantActionRow
  rewards: ParticipantRewardRow
  challenges: ParticipantChallengeRow
  questions: ParticipantQuestionRow
  participant_answers: ParticipantAnswerRow
  attributes: ParticipantAttributeRow
  recruited: RecruitedRow
  receipts: ReceiptRow
}
export type ParticipantTab = keyof ParticipantTabs

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {})

/** `?mode=&type=&selected_attributes[]=` as the spec writes the export's query. */
export function participantsCsvPath(programId: number, params: ParticipantExportQuery = {}): string {
  const q = new URLSearchParams()
  if (params.mode) q.set('mode', params.mode)
  if (params.type) q.set('type', params.type)
  for (const a of params.selected_attributes ?? []) q.append('selected_attributes[]', a)
  const query = q.toString()
  return `/admin/v2/programs/${programId}/participants.csv${query ? `?${query}` : ''}`
}

/**
 * The console's participants area (admin-console-part-a.md section 7, Participants).
 * @example
 * const admin = createAdminClient()
 * const page = await admin.participants.list(programId, { sort: 'points', order: 'desc', tag: 'vip', status: 'active' })
 * await admin.participants.addPoints(programId, page.data[0].id, { points: 50, action_title: 'Goodwill' })
 * const job = await admin.participants.import(programId, file, { email: 'replace', points: 'replace' })
 */
export class ConsoleParticipantsResource {
  constructor(private readonly t: Transport) {}

  list(programId: number, params: ParticipantListQuery = {}, signal?: AbortSignal) {
    return this.t.get<ParticipantListResponse>(base(programId), { query: params as Record<string, string | number | undefined>, ...withSignal(signal) })
  }
  retrieve(programId: number, participantId: number, signal?: AbortSignal) {
    return this.t.get<{ data: ParticipantDetail }>(`${base(programId)}/${participantId}`, withSignal(signal))
  }
  tab<K extends ParticipantTab>(programId: number, participantId: number, tab: K, params: { page?: number; per_page?: number } = {}, signal?: AbortSignal) {
    return this.t.get<TabPage<ParticipantTabs[K]>>(`${base(programId)}/${participantId}/${tab}`, { query: params, ...withSignal(signal) })
  }

  /** The program's active profile attributes (export columns, import template columns). */
  profileAttributes(programId: number, signal?: AbortSignal) {
    return this.t.get<{ data: { attribute_name: string; display_name: string }[] }>(`${base(programId)}/profile_attributes`, withSignal(signal))
  }

  // Export Table and Import User Data
  /** The export as a Response to read as a stream (bytes and rows as they arrive). */
  exportCsv(programId: number, params: ParticipantExportQuery = {}, signal?: AbortSignal) {
    return this.t.response('GET', participantsCsvPath(programId, params), withSignal(signal))
  }
  importTemplateUrl(programId: number) {
    return `${base(programId)}/import_csv_template.csv`
  }
  /** Uploads a CSV; answers the queued job (202). A bad file throws a ValidationError naming csv_file. */
  import(programId: number, file: Blob, options: Partial<ParticipantImportOptions> & Pick<ParticipantImportOptions, 'email' | 'points'>, fileName = 'participants.csv') {
    const form = new FormData()
    for (const [k, v] of Object.entries(options)) if (v) form.set(k, v)
    form.set('csv_file', file, fileName)
    return this.t.post<{ success: true; data: ImportJob }>(`${base(programId)}/import`, { form })
  }
  importJob(programId: number, jobId: number, params: { page?: number; per_page?: number } = {}, signal?: AbortSignal) {
    return this.t.get<ImportJobReport>(`${base(programId)}/imports/${jobId}`, { query: params, ...withSignal(signal) })
  }
  imports(programId: number, signal?: AbortSignal) {
    return this.t.get<{ data: ImportJob[] }>(`${base(programId)}/imports`, withSignal(signal))
  }

  // Tools: one POST per intent; every answer carries the spec's toast text as `message`.
  act(programId: number, participantId: number, body: ParticipantIntentRequest, opts: { idempotencyKey?: string } = {}) {
    return this.t.post<ParticipantIntentResponse>(`${base(programId)}/${participantId}`, { json: body, ...(opts.idempotencyKey ? { idempotencyKey: opts.idempotencyKey } : {}) })
  }
  toggleTag(programId: number, participantId: number, tag: string) {
    return this.act(programId, participantId, { intent: 'toggle_tag', tag })
  }
  magicLink(programId: number, participantId: number) {
    return this.act(programId, participantId, { intent: 'get_magic_link' })
  }
  resetActivities(programId: number, participantId: number) {
    return this.act(programId, participantId, { intent: 'reset_activities' })
  }
  update(programId: number, participantId: number, change: { status?: ParticipantStatus; staff?: boolean }) {
    return this.act(programId, participantId, { intent: 'update_participant', ...change })
  }
  /** Adds points once per key: pass the same key when retrying the same click. */
  addPoints(programId: number, participantId: number, input: { points: number; action_title: string }, idempotencyKey = newIdempotencyKey()) {
    return this.act(programId, participantId, { intent: 'create_action', ...input, idempotency_key: idempotencyKey })
  }
  /** Erases the participant's personal data (docs/privacy.md); points and totals stay under a tombstone. */
  delete(programId: number, participantId: number) {
    return this.act(programId, participantId, { intent: 'delete_participant' })
  }
  /** The participant's data as one JSON file (tessera.participant_export.v1, docs/privacy.md): the response, to save. */
  exportData(programId: number, participantId: number, signal?: AbortSignal) {
    return this.t.response('GET', `${base(programId)}/${participantId}/export`, withSignal(signal))
  }

  // Attributes tab (generic form calls)
  attributeForm(programId: number, participantId: number, attributeId?: number) {
    const path = attributeId === undefined ? 'attributes/new' : `attributes/${attributeId}/edit`
    return this.t.get<FormDefinition>(`${base(programId)}/${participantId}/${path}`)
  }
  saveAttribute(programId: number, participantId: number, values: FormValues, attributeId?: number) {
    const path = `${base(programId)}/${participantId}/attributes${attributeId === undefined ? '' : `/${attributeId}`}`
    return this.t.request<FormResult>(attributeId === undefined ? 'POST' : 'PATCH', path, { json: values })
  }
}
