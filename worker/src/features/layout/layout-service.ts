import type { z } from 'zod'
import { asc } from 'drizzle-orm'
import type { CarouselList, carouselsWriteSchema, NavigationMenuList, navigationMenusWriteSchema } from '../../../../sdk/contract/console/layout'
import { carouselSlides, navigationMenus } from '../../db/schema'
import type { ProgramScope } from '../../db/scope'
import type { Deps } from '../../deps'
import { contentSaved } from '../programs/content-version'
import { batch } from '../../db/batch'

type MenusValues = z.output<typeof navigationMenusWriteSchema>
type SlidesValues = z.output<typeof carouselsWriteSchema>

/** GET .../navigation_menus: the program's menus in their order. */
export async function listNavigationMenus(scope: ProgramScope): Promise<NavigationMenuList> {
  const rows = await scope.select(navigationMenus).orderBy(asc(navigationMenus.position), asc(navigationMenus.id))
  return {
    data: rows.map((m) => ({ id: m.id, name: m.name, navigation_url: m.navigationUrl, show_in_tab: m.showInTab, show_on_logout: m.showOnLogout })),
  }
}

/** GET .../carousels: the home carousel's slides in their order. */
export async function listCarouselSlides(scope: ProgramScope): Promise<CarouselList> {
  const rows = await scope.select(carouselSlides).orderBy(asc(carouselSlides.position), asc(carouselSlides.id))
  return { data: rows.map((s) => ({ id: s.id, title: s.title, description: s.description, link: s.link, button_text: s.buttonText, image: s.image })) }
}

/**
 * POST .../navigation_menus: the submitted list, in its order, becomes the program's menus. One batch
 * (atomic on D1 and libSQL): the old rows go and the new ones come in together, so the site never
 * reads half a list; the content_version triggers (migration 0014) move the program's version in the
 * same statements, and the site shows the new menus on its next request.
 */
export async function replaceNavigationMenus(scope: ProgramScope, deps: Deps, values: MenusValues): Promise<NavigationMenuList> {
  const rows = values.navigation_menus.map((m, position) => ({
    name: m.name,
    navigationUrl: m.navigation_url,
    showInTab: m.show_in_tab,
    showOnLogout: m.show_on_logout,
    position,
  }))
  await batch(deps.db, [scope.delete(navigationMenus), ...(rows.length ? [scope.insert(navigationMenus, rows)] : [])])
  contentSaved(deps)
  return listNavigationMenus(scope)
}

/** POST .../carousels: every slide, in its order, replaces the saved set in one batch (as the menus). */
export async function replaceCarouselSlides(scope: ProgramScope, deps: Deps, values: SlidesValues): Promise<CarouselList> {
  const rows = values.carousels.map((s, position) => ({
    title: s.title,
    description: s.description,
    link: s.link,
    buttonText: s.button_text,
    image: s.image,
    position,
  }))
  await batch(deps.db, [scope.delete(carouselSlides), ...(rows.length ? [scope.insert(carouselSlides, rows)] : [])])
  contentSaved(deps)
  return listCarouselSlides(scope)
}
