import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * Cloudflare's D1 HTTP API (`/accounts/{account}/d1/database/{id}/query` and `/raw`) served from local D1
 * databases (npm start's, or a test's), so the adapter an operator command uses against production
 * (worker/src/db/d1-http.ts) runs here through the same requests: `npm run shards:move -- --via-api`, and
 * the move tests. Answers as the API does: `{ success, errors, messages, result: [...] }`, one result per
 * statement, 400 with D1's message for a statement that fails (a batch's statements in one transaction,
 * as the binding's batch), 401 without the token, 404 for a database it does not serve.
 */

type LocalStatement = { bind(...values: unknown[]): LocalStatement; all(): Promise<{ results: unknown[]; meta?: unknown }>; raw(opts: { columnNames: true }): Promise<unknown[]> }
type LocalD1 = { prepare(sql: string): unknown; batch(statements: unknown[]): Promise<unknown> }
type Body = { sql?: unknown; params?: unknown; batch?: unknown }

const ROUTE = /^\/client\/v4\/accounts\/([^/]+)\/d1\/database\/([^/]+)\/(query|raw)$/

export type LocalD1Api = { baseUrl: string; accountId: string; apiToken: string; close(): Promise<void> }

export async function serveD1HttpApi(databases: Record<string, LocalD1>, opts: { accountId?: string; apiToken?: string } = {}): Promise<LocalD1Api> {
  const accountId = opts.accountId ?? 'local-account'
  const apiToken = opts.apiToken ?? 'local-token'
  const answer = (status: number, result: unknown[] | null, errors: { code: number; message: string }[] = []) => ({
    status,
    body: JSON.stringify({ success: status === 200, errors, messages: [], result }),
  })

  async function handle(method: string, path: string, auth: string | undefined, text: string) {
    const route = ROUTE.exec(path)
    if (method !== 'POST' || !route) return answer(404, null, [{ code: 7003, message: 'No route for that URI' }])
    if (auth !== `Bearer ${apiToken}`) return answer(401, null, [{ code: 10000, message: 'Authentication error' }])
    const [, account, id, kind] = route
    const db = databases[decodeURIComponent(id!)]
    if (decodeURIComponent(account!) !== accountId || !db) return answer(404, null, [{ code: 7404, message: `The database ${id} could not be found` }])
    let body: Body
    try {
      body = JSON.parse(text) as Body
    } catch {
      return answer(400, null, [{ code: 7400, message: 'The request body is not JSON' }])
    }
    const queries = Array.isArray(body.batch) ? (body.batch as Body[]) : [body]
    if (!queries.length || queries.some((q) => typeof q.sql !== 'string' || (q.params !== undefined && !Array.isArray(q.params)))) {
      return answer(400, null, [{ code: 7400, message: 'Each query needs sql (a string) and params (an array)' }])
    }
    try {
      const statements = queries.map((q) => (db.prepare(q.sql as string) as LocalStatement).bind(...((q.params as unknown[]) ?? [])))
      if (kind === 'raw' && statements.length === 1) {
        const [columns = [], ...rows] = (await statements[0]!.raw({ columnNames: true })) as [string[], ...unknown[][]]
        return answer(200, [{ results: { columns, rows }, success: true, meta: {} }])
      }
      const results = (statements.length === 1 ? [await statements[0]!.all()] : await db.batch(statements)) as { results?: Record<string, unknown>[]; meta?: unknown }[]
      return answer(
        200,
        results.map((r) => {
          const rows = r.results ?? []
          if (kind === 'query') return { results: rows, success: true, meta: r.meta ?? {} }
          const columns = rows[0] ? Object.keys(rows[0]) : []
          return { results: { columns, rows: rows.map((row) => columns.map((c) => row[c])) }, success: true, meta: r.meta ?? {} }
        }),
      )
    } catch (err) {
      return answer(400, null, [{ code: 7500, message: String((err as Error)?.message ?? err) }])
    }
  }

  const server: Server = createServer((req, res) => {
    let text = ''
    req.setEncoding('utf8')
    req.on('data', (chunk) => (text += chunk))
    req.on('end', () => {
      void handle(req.method ?? 'GET', new URL(req.url ?? '/', 'http://localhost').pathname, req.headers.authorization, text)
        .catch((err: unknown) => answer(500, null, [{ code: 7500, message: String((err as Error)?.message ?? err) }]))
        .then(({ status, body }) => {
          res.writeHead(status, { 'content-type': 'application/json' })
          res.end(body)
        })
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/client/v4`,
    accountId,
    apiToken,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}
