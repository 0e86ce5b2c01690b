import { Link } from '@tanstack/react-router'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu'
import { IconSettings } from '../../../components/ui/icons-ui'
import { useI18n } from '../../../lib/i18n'
import type { SettingsEntry } from '../utils/navigation'

/** The Settings dropdown; the layout renders it only when the user has entries (program manage). */
export function SettingsMenu({ entries }: { entries: readonly SettingsEntry[] }) {
  const { t } = useI18n()
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="icon-button settings-trigger" aria-label={t('shell.settings')}>
        <IconSettings />
        <span className="icon-button-text">{t('shell.settings')}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t('settings.organizationGroup')}</DropdownMenuLabel>
        {entries.map((entry) => (
          <DropdownMenuItem key={entry.id} asChild>
            <Link to={entry.to}>{t(entry.label)}</Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
