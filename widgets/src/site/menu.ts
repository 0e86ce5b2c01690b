import type { NavigationMenu } from './types'

/** A menu item shows when the visitor is signed in or when it is marked show_on_logout. */
export const visibleMenuItems = (items: readonly NavigationMenu[], signedIn: boolean) => items.filter((item) => signedIn || item.show_on_logout)

/** Anchor target and rel for a menu item: show_in_tab opens a new tab (without handing it this page). */
export function newTabAttributes(item: NavigationMenu): { target?: string; rel?: string } {
  return item.show_in_tab ? { target: '_blank', rel: 'noopener noreferrer' } : {}
}

/** Whether a menu URL points at the current page (for aria-current). */
export function isCurrentPath(navigationUrl: string, pathname: string): boolean {
  if (!navigationUrl.startsWith('/') || navigationUrl.startsWith('//')) return false
  const path = navigationUrl.split(/[?#]/)[0] || '/'
  return path === pathname
}
