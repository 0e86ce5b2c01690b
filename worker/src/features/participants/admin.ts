import { consoleRoutes } from '../console/console-router'

/** Participants JSON calls (admin-console-part-a.md section 7, Participants). Mounted at /admin/v2. */
export const participantsConsole = consoleRoutes()
