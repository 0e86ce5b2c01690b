import type { ParticipantActionsPage } from '../../contract/account'
import { accountRoutes as routes } from '../../contract/paths'
import type { Transport } from '../transport'

export type ListActionsParams = {
  /** 1-based page number (default 1). */
  page?: number
  /** 10, 20, 30, 40 or 50 (default 10). */
  per_page?: number
}

export type UpdateEmailSettingsInput = { email_setting_id: number; participant_id?: number }
export type UpdateEmailSettingsResponse = { success: true; errors: string[]; email_setting_id: number }

/** The signed-in participant's account: activity and e-mail settings (participant-site.md section 2). */
export class AccountResource {
  constructor(private readonly t: Transport) {}

  /**
   * The participant's activity (completed challenges, rewards, imports...), newest first, one page.
   * @example
   * const { data, total_pages } = await client.account.listActions({ page: 2, per_page: 20 })
   */
  listActions(params: ListActionsParams = {}): Promise<ParticipantActionsPage> {
    return this.t.get(routes.participantActions, { query: { page: params.page, per_page: params.per_page } })
  }

  /**
   * Chooses one of the program's e-mail settings (program.email_settings). A refusal throws with the
   * server's `errors` list in `err.body.errors`.
   * @example
   * await client.account.updateEmailSettings({ email_setting_id: 2, participant_id: me.id })
   */
  updateEmailSettings(input: UpdateEmailSettingsInput): Promise<UpdateEmailSettingsResponse> {
    return this.t.post(routes.updateEmailSettings, { json: input })
  }
}
