import {
  Link,
  type LinkComponentProps,
  type RegisteredRouter,
  useLocation,
  useRouter,
  type ValidateLinkOptionsArray,
} from '@tanstack/react-router'
import { Tabs as RadixTabs } from 'radix-ui'
import type { ReactNode } from 'react'
import { cx } from '../../lib/cx'

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path)

type RouteTabsProps<
  TRouter extends RegisteredRouter = RegisteredRouter,
  TOptions extends ReadonlyArray<unknown> = ReadonlyArray<unknown>,
> = {
  /** Names the tab list for screen readers ("Dashboard sections"). */
  label: string
  /** Typed link options, one per tab; `children` is the tab's text. A tab is current when its route matches. */
  tabs: ValidateLinkOptionsArray<TRouter, TOptions>
  /** The current tab's page, usually <Outlet />. */
  children?: ReactNode
  className?: string
}

/**
 * Tabs whose selection is the URL: each tab is a link to a child route, so tabs can be bookmarked,
 * opened in a new tab and survive a reload. Radix gives the tablist semantics and arrow-key focus.
 * @example
 * <RouteTabs label="Dashboard sections" tabs={[
 *   { to: '/programs/$programId/dashboard', params: { programId }, activeOptions: { exact: true }, children: 'Overview' },
 *   { to: '/programs/$programId/dashboard/actions', params: { programId }, children: 'Actions' },
 * ]}><Outlet /></RouteTabs>
 */
export function RouteTabs<TRouter extends RegisteredRouter, const TOptions extends ReadonlyArray<unknown>>(
  props: RouteTabsProps<TRouter, TOptions>,
): ReactNode
export function RouteTabs({ label, tabs, children, className }: RouteTabsProps) {
  const router = useRouter()
  const pathname = trimSlash(useLocation({ select: (location) => location.pathname }))
  const list = tabs as readonly LinkComponentProps[]
  // The same rule as Link's own active state: the exact path, or (not exact) anything below it.
  const active = list.findIndex((tab) => {
    const target = trimSlash(router.buildLocation({ to: tab.to, params: tab.params } as never).pathname)
    return pathname === target || (!tab.activeOptions?.exact && pathname.startsWith(`${target}/`))
  })
  const value = active === -1 ? '' : String(active)
  return (
    <RadixTabs.Root value={value} activationMode="manual" className={cx('tabs', className)}>
      <RadixTabs.List className="tabs-list" aria-label={label}>
        {list.map((tab, index) => (
          <RadixTabs.Trigger key={index} value={String(index)} className="tabs-trigger" asChild>
            <Link {...tab} />
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {/* Every trigger's aria-controls must name a panel; only the current one has content. */}
      {list.map((_, index) => (
        <RadixTabs.Content
          key={index}
          value={String(index)}
          className="tabs-panel"
          forceMount
          hidden={String(index) !== value}
        >
          {String(index) === value ? children : null}
        </RadixTabs.Content>
      ))}
      {value === '' && children}
    </RadixTabs.Root>
  )
}
