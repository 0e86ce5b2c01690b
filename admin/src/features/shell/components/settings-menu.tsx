import { Link } from '@tanstack/react-router'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu'
import { IconSettings } from '../../../components/ui/icons-ui'
import { useI18n } from '../../../lib/i18n'
import { type SettingsEntry, settingsLink } from '../utils/navigation'

/** The Settings dropdown; the layout renders it only when the user has entries (program manage). */
export function SettingsMenu({ entries, programId }: { entries: readonly SettingsEntry[]; programId: number | undefined }) {
  const { t } = useI18n()
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="icon-button settings-trigger" aria-label={t('shell.settings')}>
        <IconSettings />
        <span className="icon-button-text">{t('shell.settings')}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {(['organization', 'program'] as const).map((scope) => {
          const group = entries.filter((entry) => entry.scope === scope)
          if (!group.length) return null
          return (
            <DropdownMenuGroup key={scope}>
              <DropdownMenuLabel>{t(scope === 'program' ? 'settings.programGroup' : 'settings.organizationGroup')}</DropdownMenuLabel>
              {group.map((entry) => (
                <DropdownMenuItem key={entry.id} asChild>
                  <Link {...settingsLink(entry, programId)}>{t(entry.label)}</Link>
                </DropdownMenuItem>
              ))}
            </DropdownMenuGroup>
          )
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
