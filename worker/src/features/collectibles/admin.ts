import { tabQuerySchema } from '../../../../sdk/contract/console/participants'
import { parseQuery } from '../../lib/parse'
import { consoleRoutes } from '../console/console-router'
import { verifyChainLog } from './chain-log'
import { programTransaction, programTransactions } from './service'

/**
 * The program's chain log (admin-console-part-b.md section 7: GET programs/{program_id}/blockchain_transactions),
 * one transaction (the creation link of a collection on the simulated chain) and the log's verification.
 * Reading them needs rewards view, as the reward's tab does. Mounted at /admin/v2.
 */
export const collectiblesConsole = consoleRoutes()
  .get('/programs/:program_id/blockchain_transactions', ['rewards', 'view'], async (c) => c.json(await programTransactions(c.var.scope, parseQuery(c, tabQuerySchema))))
  .get('/programs/:program_id/blockchain_transactions/verify', ['rewards', 'view'], async (c) => c.json(await verifyChainLog(c.var.scope)))
  .get('/programs/:program_id/blockchain_transactions/:hash{(0x)?[0-9a-f]{64}}', ['rewards', 'view'], async (c) => c.json({ data: await programTransaction(c.var.scope, c.var.deps, c.req.param('hash') ?? '') }))
