import type { Db } from '../db/client'
import { devMailbox } from '../db/schema'

export type MailMessage = { to: string; from: string; subject: string; text: string; html?: string }

/** Delivers one message or throws; the outbox retries on a throw. */
export interface Mailer {
  readonly name: string
  send(message: MailMessage): Promise<void>
}

/**
 * Local default: the message is stored in dev_mailbox (readable at /_dev/mailbox) and logged.
 */
export function createDevMailbox(db: Db, log: (line: string) => void = console.log): Mailer {
  return {
    name: 'dev-mailbox',
    async send(message) {
      await db.insert(devMailbox).values({
        to: message.to.toLowerCase(),
        from: message.from,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      })
      log(`[mail] to=${message.to} subject="${message.subject}"\n${message.text}`)
    },
  }
}

/**
 * How long one send may take: a provider that does not answer fails the attempt (the outbox retries it)
 * rather than holding its outbox round past the round's claim lease (docs/decisions/0034).
 */
export const MAIL_SEND_TIMEOUT_MS = 30_000

/**
 * A real provider over HTTP, speaking Resend's API (`POST {baseUrl}/emails`, bearer key). Any
 * provider with the same shape works by pointing MAIL_API_URL at it.
 */
export function createHttpMailer(opts: {
  apiKey: string
  baseUrl?: string
  fetch?: typeof fetch
  timeoutMs?: number
}): Mailer {
  const baseUrl = (opts.baseUrl ?? 'https://api.resend.com').replace(/\/$/, '')
  const doFetch = opts.fetch ?? fetch
  const timeoutMs = opts.timeoutMs ?? MAIL_SEND_TIMEOUT_MS
  return {
    name: 'http',
    async send(message) {
      const res = await doFetch(`${baseUrl}/emails`, {
        method: 'POST',
        headers: { authorization: `Bearer ${opts.apiKey}`, 'content-type': 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
        body: JSON.stringify({
          from: message.from,
          to: [message.to],
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
        }),
      })
      if (!res.ok) {
        const body = await res.text().catch(() => '')
        throw new Error(`mail provider answered ${res.status}: ${body.slice(0, 200)}`)
      }
    },
  }
}
