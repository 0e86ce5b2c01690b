import { Link } from '@tanstack/react-router'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu'
import { IconMenu } from '../../../components/ui/icons-ui'
import { useI18n } from '../../../lib/i18n'
import type { ProgramArea } from '../../../lib/program-areas'
import { type SettingsEntry, settingsLink } from '../utils/navigation'

type MobileMenuProps = {
  programId: number | undefined
  items: readonly ProgramArea[]
  settings: readonly SettingsEntry[]
  activeArea: string | undefined
}

/** Narrow screens: the section tabs and the Settings entries collapse into one menu. */
export function MobileMenu({ programId, items, settings, activeArea }: MobileMenuProps) {
  const { t } = useI18n()
  const sections = programId === undefined ? [] : items
  if (!sections.length && !settings.length) return null
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="icon-button mobile-menu-trigger" aria-label={t('shell.menu')}>
        <IconMenu size={18} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="mobile-menu">
        {sections.length > 0 && <DropdownMenuLabel>{t('shell.mainNav')}</DropdownMenuLabel>}
        {sections.map((item) => (
          <DropdownMenuItem key={item.id} asChild>
            <Link to={item.to} params={{ programId: programId! }} aria-current={item.id === activeArea ? 'page' : undefined}>
              {t(item.label)}
            </Link>
          </DropdownMenuItem>
        ))}
        {sections.length > 0 && settings.length > 0 && <DropdownMenuSeparator />}
        {settings.length > 0 && <DropdownMenuLabel>{t('shell.settings')}</DropdownMenuLabel>}
        {settings.map((entry) => (
          <DropdownMenuItem key={entry.id} asChild>
            <Link {...settingsLink(entry, programId)}>{t(entry.label)}</Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
