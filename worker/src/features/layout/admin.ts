import { carouselsWriteSchema, navigationMenusWriteSchema } from '../../../../sdk/contract/console/layout'
import { parseBody } from '../../lib/parse'
import { consoleRoutes } from '../console/console-router'
import { listCarouselSlides, listNavigationMenus, replaceCarouselSlides, replaceNavigationMenus } from './layout-service'

const UPDATE = ['program', 'update'] as const

/**
 * Layout settings console calls (admin-console-part-b.md section 2 settings/layout navigation-menus
 * and carousels; section 7: navigation menus by JSON POST, carousels by POST with carousels, JSON or
 * multipart). Program update (section 6, "Branding and most settings"). Bad input answers 422 naming
 * each field (`navigation_menus.0.navigation_url`) and changes nothing.
 */
export const layoutConsole = consoleRoutes()
  .get('/programs/:program_id/navigation_menus', UPDATE, async (c) => c.json(await listNavigationMenus(c.var.scope)))
  .post('/programs/:program_id/navigation_menus', UPDATE, async (c) => {
    const saved = await replaceNavigationMenus(c.var.scope, c.var.deps, await parseBody(c, navigationMenusWriteSchema))
    return c.json({ success: true, errors: {}, ...saved })
  })
  .get('/programs/:program_id/carousels', UPDATE, async (c) => c.json(await listCarouselSlides(c.var.scope)))
  .post('/programs/:program_id/carousels', UPDATE, async (c) => {
    const saved = await replaceCarouselSlides(c.var.scope, c.var.deps, await parseBody(c, carouselsWriteSchema))
    return c.json({ success: true, errors: {}, ...saved })
  })
