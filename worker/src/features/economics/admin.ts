import type { Context } from 'hono'
import { type EconomicsBlock, economicsBlocks, economicsQuerySchema } from '../../../../sdk/contract/console/economics'
import type { AppEnv } from '../../env'
import { parseQuery } from '../../lib/parse'
import { consoleRoutes } from '../console/console-router'
import { economicsCsv } from './economics-csv'
import { periodOf } from './period'
import { economicsBlock, economicsReport } from './report'

type C = Context<AppEnv>
const ECONOMICS = '/programs/:program_id/economics'

const now = (c: C) => c.var.deps.clock.now()
const periodFrom = (c: C) => periodOf(parseQuery(c, economicsQuerySchema), now(c))

/** A block's JSON, `{ data }`: the screen reloads one block alone. */
const blockJson = (block: EconomicsBlock) => async (c: C) => c.json({ data: await economicsBlock(c.var.scope, block, periodFrom(c), now(c)) })

/** A block's table as a CSV download, named after the block, the program and the period. */
const blockCsv = (block: EconomicsBlock) => async (c: C) => {
  const period = periodFrom(c)
  const data = await economicsBlock(c.var.scope, block, period, now(c))
  const name = `economics-${block}-${c.var.program.publicKey}-${period.from}-${period.to}.csv`.replace(/[^A-Za-z0-9._-]/g, '_')
  return c.body(economicsCsv(block, data), 200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${name}"`,
    'cache-control': 'no-store',
  })
}

/**
 * Dashboard > Economics (issue 27), dashboard view, on the program in the path: the whole report with
 * each block answering on its own, each block alone, and each block's table as CSV. Aggregates only
 * (no participant's data), so the CSVs need no more than the report.
 */
let routes = consoleRoutes().get(ECONOMICS, ['dashboard', 'view'], async (c) => {
  const period = periodFrom(c)
  return c.json({ data: await economicsReport(c.var.scope, period, now(c)) })
})
for (const block of economicsBlocks) {
  routes = routes.get(`${ECONOMICS}/${block}`, ['dashboard', 'view'], blockJson(block)).get(`${ECONOMICS}/${block}.csv`, ['dashboard', 'view'], blockCsv(block))
}

export const economicsConsole = routes
