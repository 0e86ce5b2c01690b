import { Link } from '@tanstack/react-router'
import { useI18n } from '../../../lib/i18n'
import type { ProgramArea } from '../../../lib/program-areas'

type TopNavProps = { programId: number; items: readonly ProgramArea[]; activeArea: string | undefined }

/** The program's sections the user may view (spec section 6); below 768 px the mobile menu replaces it. */
export function TopNav({ programId, items, activeArea }: TopNavProps) {
  const { t } = useI18n()
  if (!items.length) return null
  return (
    <nav className="top-nav" aria-label={t('shell.mainNav')}>
      <ul className="top-nav-list">
        {items.map((item) => (
          <li key={item.id}>
            <Link
              className="top-nav-link"
              to={item.to}
              params={{ programId }}
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
