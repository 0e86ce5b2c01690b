import { useLayoutEffect, useRef } from 'react'
import { useI18n } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'
import { Link } from '../../../lib/router'
import { visibleNavItems } from '../utils/navigation'

type TopNavProps = { programId: number; permissions: readonly string[]; activeArea: string | undefined }

export function TopNav({ programId, permissions, activeArea }: TopNavProps) {
  const { t } = useI18n()
  const navRef = useRef<HTMLElement>(null)
  const items = visibleNavItems(permissions)

  // On narrow screens the tabs scroll sideways: keep the current one in view.
  // the DOM query reads the tab that activeArea marks.
  useLayoutEffect(() => {
    const nav = navRef.current
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]')
    if (!nav || !current || nav.scrollWidth <= nav.clientWidth) return
    nav.scrollLeft = current.offsetLeft - (nav.clientWidth - current.offsetWidth) / 2
  }, [activeArea])

  if (!items.length) return null
  return (
    <nav className="top-nav" aria-label={t('shell.mainNav')} ref={navRef}>
      <ul className="top-nav-list">
        {items.map((item) => (
          <li key={item.id}>
            <Link
              className="top-nav-link"
              href={paths.programArea(programId, item.id)}
              aria-current={item.id === activeArea ? 'page' : undefined}
            >
              {t(item.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
