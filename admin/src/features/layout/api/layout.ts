import { useQuery } from '@tanstack/react-query'
import type { CarouselList, CarouselsWrite, NavigationMenuList, NavigationMenusWrite } from '../../../../../sdk/contract/console/layout'
import { api } from '../../../lib/api-client'
import { programKey } from '../../../lib/query-client'

export type { CarouselList, NavigationMenuList }

const base = (programId: number) => `/admin/v2/programs/${programId}`
export const layoutKey = (programId: number, what: 'navigation_menus' | 'carousels') => programKey(programId, what)

export function useNavigationMenus(programId: number) {
  return useQuery({
    queryKey: layoutKey(programId, 'navigation_menus'),
    queryFn: ({ signal }) => api.get<NavigationMenuList>(`${base(programId)}/navigation_menus`, undefined, signal),
    staleTime: 0,
  })
}

export function useCarousels(programId: number) {
  return useQuery({
    queryKey: layoutKey(programId, 'carousels'),
    queryFn: ({ signal }) => api.get<CarouselList>(`${base(programId)}/carousels`, undefined, signal),
    staleTime: 0,
  })
}

/** The whole ordered list, replacing the saved one (JSON POST); answers the saved list. */
export const saveNavigationMenus = (programId: number, body: NavigationMenusWrite) => api.post<NavigationMenuList>(`${base(programId)}/navigation_menus`, body)

/** Every slide in its order, replacing the saved set (POST with carousels, as JSON). */
export const saveCarousels = (programId: number, body: CarouselsWrite) => api.post<CarouselList>(`${base(programId)}/carousels`, body)
