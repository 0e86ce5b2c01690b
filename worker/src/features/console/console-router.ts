import { Hono, type Handler, type MiddlewareHandler } from 'hono'
import type { AppEnv } from '../../env'
import { requireAdmin, requirePermission } from '../../middleware/admin-auth'
import type { Action, Resource } from './permissions'

/**
 * What a console endpoint needs: a (resource, action) permission checked on the server against the
 * program in its path (or at organization level when it has none), or only a signed-in admin
 * (`signed_in`: the admin's own data, answers filtered by what they may see).
 */
export type ConsolePermission = readonly [Resource, Action] | 'signed_in'

export type ConsoleRoute = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Hono path under /admin/v2, e.g. `/programs/:program_id/participants`. */
  path: string
  permission: ConsolePermission
}

type Handlers = [Handler<AppEnv>, ...Handler<AppEnv>[]] | [...MiddlewareHandler<AppEnv>[], Handler<AppEnv>]

/**
 * A feature's console endpoints: every route states its permission where it is declared, the guard
 * is added here, and the route goes into `table`, from which the permission-matrix test
 * (worker/test/console-permissions-suite.ts) is generated. A route added to a console sub-app any other
 * way has no entry in a table, and that test fails.
 *
 * @example
 * export const dashboardConsole = consoleRoutes()
 *   .get('/programs/:program_id/dashboard/users_growth', ['dashboard', 'view'], (c) => ...)
 */
export function consoleRoutes() {
  const app = new Hono<AppEnv>()
  const table: ConsoleRoute[] = []
  const add =
    (method: ConsoleRoute['method']) =>
    (path: string, permission: ConsolePermission, ...handlers: Handlers) => {
      table.push({ method, path, permission })
      const guard = permission === 'signed_in' ? requireAdmin : requirePermission(permission[0], permission[1])
      app.on(method, path, guard, ...(handlers as Handler<AppEnv>[]))
      return routes
    }
  const routes = {
    app,
    table,
    get: add('GET'),
    post: add('POST'),
    put: add('PUT'),
    patch: add('PATCH'),
    delete: add('DELETE'),
  }
  return routes
}

export type ConsoleRoutes = ReturnType<typeof consoleRoutes>
