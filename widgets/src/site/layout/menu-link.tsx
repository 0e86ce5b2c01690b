import { ExternalIcon } from '../../ui/icons'
import { isCurrentPath, newTabAttributes } from '../menu'
import type { NavigationMenu } from '../types'

/** One navigation menu item; new-tab items say so to screen readers and show an icon. */
export function MenuLink({ item, pathname, class: className, onClick }: { item: NavigationMenu; pathname: string; class: string; onClick?: () => void }) {
  return (
    <a class={className} href={item.navigation_url} {...newTabAttributes(item)} onClick={onClick} aria-current={isCurrentPath(item.navigation_url, pathname) ? 'page' : undefined}>
      {item.name}
      {item.show_in_tab && (
        <>
          <ExternalIcon size={14} class="menu-link__external" />
          <span class="visually-hidden"> (opens in a new tab)</span>
        </>
      )}
    </a>
  )
}
