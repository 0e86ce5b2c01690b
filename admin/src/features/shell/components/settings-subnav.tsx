import { Link, useRouterState } from '@tanstack/react-router'
import { type ReactNode, useEffect, useRef } from 'react'
import { useI18n } from '../../../lib/i18n'
import { settingsLink, settingsSubnav } from '../utils/navigation'
import './settings-subnav.css'

/** Paths of the program settings screens (programs/{id}/settings/...), where the sub-navigation shows. */
export const isSettingsPath = (pathname: string) => /\/programs\/\d+\/settings(?:\/|$)/.test(pathname)

/**
 * The settings screens' frame: a sub-navigation of the program's settings (program, layout, branding,
 * integrations), built from the Settings entries the user may open, beside the screen. At phone width
 * the groups scroll sideways above the screen.
 */
export function SettingsFrame({ programId, permissions, children }: { programId: number; permissions: readonly string[]; children: ReactNode }) {
  const { t } = useI18n()
  const groups = settingsSubnav(permissions)
  const nav = useRef<HTMLElement>(null)
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  // At phone width the strip scrolls sideways: bring the current screen's link into view (the
  // integrations screens sit far to the right of the program ones). A no-op in the side column.
  useEffect(() => {
    const strip = nav.current
    const current = strip?.querySelector<HTMLElement>('[aria-current="page"]')
    if (!strip || !current || strip.scrollWidth <= strip.clientWidth) return
    const left = current.getBoundingClientRect().left - strip.getBoundingClientRect().left + strip.scrollLeft
    strip.scrollLeft = Math.max(0, left - (strip.clientWidth - current.offsetWidth) / 2)
  }, [pathname])
  if (!groups.length) return <>{children}</>
  return (
    <div className="settings-frame">
      <nav ref={nav} className="settings-subnav" aria-label={t('settings.subnav')}>
        {groups.map((group) => (
          <div key={group.section} className="settings-subnav-group">
            <span className="settings-subnav-title" id={`settings-subnav-${group.section}`}>
              {t(`settings.section.${group.section}`)}
            </span>
            <ul className="settings-subnav-list" aria-labelledby={`settings-subnav-${group.section}`}>
              {group.entries.map((entry) => (
                <li key={entry.id}>
                  <Link className="settings-subnav-link" {...settingsLink(entry, programId)} activeProps={{ 'aria-current': 'page' }}>
                    {t(entry.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <div className="settings-frame-content">{children}</div>
    </div>
  )
}
