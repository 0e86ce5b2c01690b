import { consoleRoutes } from '../console/console-router'

/** Organization JSON calls: programs, admins, features (admin-console-part-a.md section 2, 7). */
export const organizationConsole = consoleRoutes()
