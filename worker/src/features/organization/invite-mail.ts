import type { MailMessage } from '../../platform/mail'
import { escapeHtml, greetingName } from '../signin/mail-templates'

/**
 * The invitation an admin gets when invited to the console. Names typed by admins go through
 * greetingName (short and plain) and are escaped in HTML; the link comes from configuration only.
 * The text carries no six-digit number: the dev mailbox would read it as a sign-in code.
 */
export function adminInvitationMail(p: { to: string; from: string; firstName: string; inviterName: string; organizationName: string; link: string }): MailMessage {
  const name = greetingName(p.firstName)
  const inviter = greetingName(p.inviterName)
  const org = p.organizationName.slice(0, 80)
  const by = inviter === 'there' ? '' : ` by ${inviter}`
  return {
    to: p.to,
    from: p.from,
    subject: `You have been invited to the ${org} console`,
    text: `Hey, ${name}!\n\nYou have been invited${by} to administer ${org} on Tessera.\nSign in with your e-mail address at:\n${p.link}\n\nWe will e-mail you a one-time code each time you sign in. If you did not expect this invitation, ignore this e-mail.`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f6f6f8;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:24px">
<h2 style="margin-top:0">${escapeHtml(org)}</h2><p>Hey, ${escapeHtml(name)}!</p><p>You have been invited${escapeHtml(by)} to administer ${escapeHtml(org)} on Tessera.</p>
<p><a href="${escapeHtml(p.link)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Sign in to the console</a></p>
<p>We will e-mail you a one-time code each time you sign in.</p><p style="color:#666;font-size:12px">${escapeHtml(p.link)}</p></div></body></html>`,
  }
}
