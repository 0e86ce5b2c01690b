import type { ParticipantActionsPage } from '../../contract/account'
import type { AccountDeletedResponse, ParticipantExport, PrivacyAction, PrivacyCodeResponse } from '../../contract/privacy'
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

  /**
   * Mails the participant a 6-digit code that confirms `export` (download my data) or `delete` (delete
   * my account). At most one a minute and five an hour; the answer's `message` says where it went.
   * @example
   * const { message } = await client.account.requestPrivacyCode('export')
   */
  requestPrivacyCode(action: PrivacyAction): Promise<PrivacyCodeResponse> {
    return this.t.post(routes.privacyCode, { json: { action } })
  }

  /**
   * Download my data: everything the program holds about the participant (docs/privacy.md), with the
   * code mailed for `export`. A wrong or expired code throws (`invalid_code`, `code_expired`).
   * @example
   * const data = await client.account.downloadData('123456')
   * const file = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' })
   */
  downloadData(code: string): Promise<ParticipantExport> {
    return this.t.post(routes.exportData, { json: { code } })
  }

  /**
   * Delete my account, with the code mailed for `delete`: the participant is erased and signed out
   * everywhere (sdk/contract/privacy.ts ACCOUNT_DELETION_NOTICE says what happens).
   * @example
   * await client.account.deleteAccount('123456')
   */
  deleteAccount(code: string): Promise<AccountDeletedResponse> {
    return this.t.post(routes.deleteAccount, { json: { code } })
  }
}
