import type { MailMessage } from '../../platform/mail'

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)

/**
 * The name a sign-in mail greets with. A sign-up's first name is typed by whoever asks for the code and
 * lands in mail to an address nobody has proven yet, so it is kept short and plain: letters, marks,
 * spaces, apostrophes, hyphens and dots, at most 30 characters, nothing that reads as a link or an
 * address (else a neutral 'there'). The HTML body escapes it as well, and it never goes into a link.
 */
export function greetingName(name: string): string {
  const plain = name.normalize('NFKC').trim().replace(/\s+/g, ' ')
  if (!plain || plain.length > 30) return 'there'
  if (!/^[\p{L}\p{M}' .-]+$/u.test(plain)) return 'there'
  if (/\.\s*\p{L}{2,}/u.test(plain) || /www|https?/i.test(plain)) return 'there'
  return plain
}

/**
 * A program's look in its mails (program_template_detail): the header band and the button take the
 * program's colours, the header its logo (an absolute URL: mail clients have no origin). Only plain
 * hex colours and https URLs are used; anything else keeps the neutral look.
 */
export type MailBrand = {
  primary?: string | null
  primaryContent?: string | null
  headerColor?: string | null
  headerContent?: string | null
  bodyBackground?: string | null
  logoUrl?: string | null
}

const hex = (value: string | null | undefined, fallback: string) => (value && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value.trim()) ? value.trim() : fallback)
const httpsUrl = (value: string | null | undefined) => (value && /^https:\/\/[^\s"'<>]+$/i.test(value) ? value : null)

/** The mail brand of a program's branding keys and header logo, the logo made absolute on `origin`. */
export function mailBrandOf(style: Record<string, string> | null | undefined, headerLogo: string | null | undefined, origin: string): MailBrand {
  const logo = headerLogo && headerLogo.startsWith('/') && !headerLogo.startsWith('//') ? `${origin}${headerLogo}` : headerLogo
  return {
    primary: style?.['perk-primary'] ?? null,
    primaryContent: style?.['perk-primary-content'] ?? null,
    headerColor: style?.['perk-header-color'] ?? null,
    headerContent: style?.['perk-header-title-color'] ?? style?.['perk-header-content-color'] ?? null,
    bodyBackground: style?.['perk-body-background'] ?? null,
    logoUrl: logo ?? null,
  }
}

const buttonStyle = (brand: MailBrand | undefined) =>
  `display:inline-block;background:${hex(brand?.primary, '#4f46e5')};color:${hex(brand?.primaryContent, '#fff')};padding:12px 20px;border-radius:8px;text-decoration:none`

/** A mail's page: the program's header band (name or logo) above `bodyHtml`, in its colours when branded. */
export function mailLayout(programName: string, bodyHtml: string, brand?: MailBrand): string {
  if (!brand) {
    return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f6f6f8;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:24px">
<h2 style="margin-top:0">${escapeHtml(programName)}</h2>${bodyHtml}</div></body></html>`
  }
  const logo = httpsUrl(brand.logoUrl)
  const title = logo
    ? `<img src="${escapeHtml(logo)}" alt="${escapeHtml(programName)}" style="max-height:48px;max-width:240px;display:block">`
    : `<h2 style="margin:0;color:${hex(brand.headerContent, '#fff')}">${escapeHtml(programName)}</h2>`
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:${hex(brand.bodyBackground, '#f6f6f8')};padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;overflow:hidden">
<div style="background:${hex(brand.headerColor, '#17153b')};padding:16px 24px">${title}</div>
<div style="padding:24px">${bodyHtml}</div></div></body></html>`
}

export function signinCodeMail(p: { to: string; from: string; programName: string; firstName: string; code: string; brand?: MailBrand }): MailMessage {
  return {
    to: p.to,
    from: p.from,
    subject: `Your ${p.programName} login code: ${p.code}`,
    text: `Hey, ${p.firstName}!\n\nYour ${p.programName} login code is ${p.code}.\nIt is valid for 10 minutes. If you did not ask for it, ignore this e-mail.`,
    html: mailLayout(
      p.programName,
      `<p>Hey, ${escapeHtml(p.firstName)}!</p><p>Your login code is</p><p style="font-size:32px;letter-spacing:6px;font-weight:700">${p.code}</p><p>It is valid for 10 minutes.</p>`,
      p.brand,
    ),
  }
}

export function magicLinkMail(p: { to: string; from: string; programName: string; firstName: string; link: string; minutes: number; brand?: MailBrand }): MailMessage {
  return {
    to: p.to,
    from: p.from,
    subject: `Your ${p.programName} login link`,
    text: `Thanks, ${p.firstName}!\n\nOpen this link within ${p.minutes} minutes to access your account:\n${p.link}\n\nIf you did not ask for it, ignore this e-mail.`,
    html: mailLayout(
      p.programName,
      `<p>Thanks, ${escapeHtml(p.firstName)}!</p><p><a href="${escapeHtml(p.link)}" style="${buttonStyle(p.brand)}">Log in to ${escapeHtml(p.programName)}</a></p><p>The link works once, within ${p.minutes} minutes.</p><p style="color:#666;font-size:12px">${escapeHtml(p.link)}</p>`,
      p.brand,
    ),
  }
}

export { escapeHtml }
