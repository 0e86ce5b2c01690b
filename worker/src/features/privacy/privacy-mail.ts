import type { PrivacyAction } from '../../../../sdk/contract/privacy'
import type { MailMessage } from '../../platform/mail'
import { escapeHtml, type MailBrand, mailLayout } from '../signin/mail-templates'

const PURPOSE: Record<PrivacyAction, { subject: string; line: string; warning: string }> = {
  export: {
    subject: 'code to download your data',
    line: 'Use this code to download a copy of your data',
    warning: 'If you did not ask for it, someone else may be using your account: do not share this code, and contact the program.',
  },
  delete: {
    subject: 'code to delete your account',
    line: 'Use this code to delete your account. Deleting it cannot be undone',
    warning: 'If you did not ask for it, do not share this code with anyone: your account stays as it is.',
  },
}

/** The mail carrying a code that confirms a participant's own data export or account deletion. */
export function privacyCodeMail(p: { to: string; from: string; programName: string; firstName: string; code: string; action: PrivacyAction; minutes: number; brand?: MailBrand }): MailMessage {
  const purpose = PURPOSE[p.action]
  return {
    to: p.to,
    from: p.from,
    subject: `Your ${p.programName} ${purpose.subject}: ${p.code}`,
    text: `Hey, ${p.firstName}!\n\n${purpose.line}: ${p.code}\nIt is valid for ${p.minutes} minutes.\n\n${purpose.warning}`,
    html: mailLayout(
      p.programName,
      `<p>Hey, ${escapeHtml(p.firstName)}!</p><p>${escapeHtml(purpose.line)}:</p><p style="font-size:32px;letter-spacing:6px;font-weight:700">${p.code}</p><p>It is valid for ${p.minutes} minutes.</p><p style="color:#666;font-size:12px">${escapeHtml(purpose.warning)}</p>`,
      p.brand,
    ),
  }
}
