import { desc, eq } from 'drizzle-orm'
import type { createApp } from '../../worker/src/app'
import { configFromEnv } from '../../worker/src/config'
import { devMailbox } from '../../worker/src/db/schema'
import { systemClock, type Deps } from '../../worker/src/deps'
import { captchaOff } from '../../worker/src/platform/captcha'
import { createDevMailbox } from '../../worker/src/platform/mail'
import { createCatalogOffers } from '../../worker/src/platform/offers'
import { createLocalPayments } from '../../worker/src/platform/payments'

/** The app's dependencies for an in-process console bench: development config, the dev mailbox, no captcha. */
export function benchDeps(db: Deps['db']): Deps {
  return {
    db,
    config: configFromEnv({ ENVIRONMENT: 'development', APP_SECRET: 'bench-secret-bench-secret-bench-secret!', LOCAL_ORIGIN: 'http://localhost' }),
    payments: createLocalPayments({ webhookSecret: 'whsec_bench' }),
    clock: systemClock,
    mail: createDevMailbox(db, () => {}),
    captcha: captchaOff,
    offers: createCatalogOffers(db),
  }
}

/** A console session like a browser's: cookies and the CSRF token, the code read from the dev mailbox. */
export async function signIn(app: ReturnType<typeof createApp>, db: Deps['db'], email: string) {
  const cookies = new Map<string, string>()
  const call = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    headers.set('host', 'localhost')
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '))
    const res = await app.request(`http://localhost${path}`, { ...init, headers })
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const at = pair!.indexOf('=')
      cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1))
    }
    return res
  }
  const csrf = ((await (await call('/public/csrf')).json()) as { csrf_token: string }).csrf_token
  const post = (path: string, body: unknown) => call(path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, body: JSON.stringify(body) })
  const newest = async () => (await db.select().from(devMailbox).where(eq(devMailbox.to, email)).orderBy(desc(devMailbox.id)).limit(1))[0]
  const before = (await newest())?.id ?? 0
  const start = (await (await post('/admin/v2/auth/start', { email })).json()) as { data: { browser_token: string } }
  // The mail is delivered through the outbox, after the answer: wait for it.
  let mail = await newest()
  for (let i = 0; i < 100 && (!mail || mail.id <= before); i++) {
    await new Promise((r) => setTimeout(r, 50))
    mail = await newest()
  }
  const otp = mail!.text.match(/\b(\d{6})\b/)![1]
  const verify = await post('/admin/v2/auth/verify', { otp, browser_token: start.data.browser_token })
  if (verify.status !== 200) throw new Error(`sign-in failed: ${verify.status} ${await verify.text()}`)
  return call
}
