import type { D1Database, ExecutionContext, Fetcher, MessageBatch, Queue, R2Bucket, ScheduledController } from '@cloudflare/workers-types'
import { createApp } from './app'
import { configFromEnv, type EnvVars, paymentsFromEnv } from './config'
import { createD1Db } from './db/client'
import { type Deps, systemClock } from './deps'
import { captchaOff, createTurnstileVerifier } from './platform/captcha'
import { createDevMailbox, createHttpMailer } from './platform/mail'
import { offersFromEnv } from './platform/offers'
import { deliverOutbox } from './features/webhooks/outbox'

/** Bindings declared in wrangler.toml. */
export type WorkerEnv = EnvVars & {
  DB: D1Database
  FILES?: R2Bucket
  OUTBOX_QUEUE?: Queue<{ ids: number[] }>
  ASSETS?: Fetcher
}

const cache = new WeakMap<object, { deps: Deps; app: ReturnType<typeof createApp> }>()

/** One app per isolate and bindings object; deps hold no per-request state. */
function appFor(env: WorkerEnv) {
  let entry = cache.get(env)
  if (!entry) {
    const config = configFromEnv(env)
    const db = createD1Db(env.DB as never)
    const deps: Deps = {
      db,
      config,
      clock: systemClock,
      mail: env.MAIL_API_KEY ? createHttpMailer({ apiKey: env.MAIL_API_KEY, baseUrl: env.MAIL_API_URL }) : createDevMailbox(db),
      payments: paymentsFromEnv(env, config),
      captcha: env.TURNSTILE_SECRET ? createTurnstileVerifier({ secret: env.TURNSTILE_SECRET }) : captchaOff,
      offers: offersFromEnv(env, db),
      assets: env.ASSETS ? { fetch: (req) => env.ASSETS!.fetch(req as never) as unknown as Promise<Response> } : undefined,
      enqueue: env.OUTBOX_QUEUE ? async (ids) => void (await env.OUTBOX_QUEUE!.send({ ids })) : undefined,
      log: (line) => console.log(line),
    }
    entry = { deps, app: createApp(deps) }
    cache.set(env, entry)
  }
  return entry
}

/**
 * A Worker cannot refuse to deploy, so a production configuration missing its secrets refuses every
 * request instead (503, the reasons in the log), and never falls back to development behaviour.
 */
function notConfigured(err: unknown) {
  console.error(err instanceof Error ? err.message : String(err))
  return new Response('Tessera is not configured: see the Worker logs.', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } })
}

export default {
  fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext) {
    let entry: ReturnType<typeof appFor>
    try {
      entry = appFor(env)
    } catch (err) {
      return notConfigured(err)
    }
    return entry.app.fetch(request, env, ctx as never)
  },
  /** Delivers outbox rows handed over by requests; a throw makes Queues retry the batch. */
  async queue(batch: MessageBatch<{ ids: number[] }>, env: WorkerEnv) {
    const { deps } = appFor(env)
    const ids = batch.messages.flatMap((m) => m.body.ids)
    await deliverOutbox(deps, ids)
    batch.ackAll()
  },
  /** Sweeps pending outbox rows whose retry time has come. */
  async scheduled(_controller: ScheduledController, env: WorkerEnv, ctx: ExecutionContext) {
    ctx.waitUntil(deliverOutbox(appFor(env).deps))
  },
}
