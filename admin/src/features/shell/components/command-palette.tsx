import { useNavigate } from '@tanstack/react-router'
import { Command } from 'cmdk'
import { Dialog, VisuallyHidden } from 'radix-ui'
import { type ReactNode, useState } from 'react'
import { IconLayers, IconLogOut, IconMoon, IconPlus, IconSearch, IconSun } from '../../../components/ui/icons'
import { IconChevronRight } from '../../../components/ui/icons-ui'
import { Spinner } from '../../../components/ui/spinner'
import type { ConsoleProgram } from '../../../lib/bootstrap'
import { useI18n } from '../../../lib/i18n'
import type { ProgramArea } from '../../../lib/program-areas'
import { useTheme } from '../../../lib/theme'
import { signOut } from '../../../lib/sign-out'
import { useGlobalSearch } from '../api/use-global-search'
import { type SettingsEntry, settingsLink } from '../utils/navigation'
import { ProgramTile } from './program-tile'
import { SearchResults } from './search-results'

type CommandPaletteProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  program: ConsoleProgram | null
  programs: readonly ConsoleProgram[]
  navItems: readonly ProgramArea[]
  settings: readonly SettingsEntry[]
  canCreate: boolean
  canSearch: boolean
  onSwitchProgram: (program: ConsoleProgram) => void
  onCreateProgram: () => void
}

function Item({ value, onSelect, icon, children, hint }: { value: string; onSelect: () => void; icon?: ReactNode; children: ReactNode; hint?: string }) {
  return (
    <Command.Item value={value} onSelect={onSelect} className="command-item">
      {icon ?? <IconChevronRight />}
      <span className="command-item-text">{children}</span>
      {hint && <span className="command-item-hint">{hint}</span>}
    </Command.Item>
  )
}

/**
 * Ctrl/Cmd+K: jump to a section, switch program, change theme, sign out, and (with global_search:view)
 * search the program's participants. Commands filter as you type; search results come from the server.
 */
export function CommandPalette(props: CommandPaletteProps) {
  const { open, onOpenChange, program, programs, navItems, settings } = props
  const { t } = useI18n()
  const { theme, toggleTheme } = useTheme()
  const navigate = useNavigate()
  const [query, setQuery] = useState('')
  const search = useGlobalSearch(program?.id, query, props.canSearch && open)

  const run = (action: () => void) => () => {
    onOpenChange(false)
    setQuery('')
    action()
  }
  const hasResults = Boolean(search.data && Object.values(search.data).some((list) => list.length))
  const dashboard = program && navItems.some((item) => item.id === 'dashboard')
  const dashboardTabs = [
    { to: '/programs/$programId/dashboard/actions', label: t('dashboard.tabs.actions') },
    { to: '/programs/$programId/dashboard/challenges', label: t('dashboard.tabs.challenges') },
    { to: '/programs/$programId/dashboard/rewards', label: t('dashboard.tabs.rewards') },
    { to: '/programs/$programId/dashboard/economics', label: t('dashboard.tabs.economics') },
  ] as const

  return (
    <Dialog.Root open={open} onOpenChange={(next) => { onOpenChange(next); if (!next) setQuery('') }}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="palette" aria-describedby={undefined}>
          <VisuallyHidden.Root>
            <Dialog.Title>{t('palette.title')}</Dialog.Title>
          </VisuallyHidden.Root>
          <Command label={t('palette.title')} loop>
            <div className="command-search palette-search">
              <IconSearch className="command-search-icon" size={18} />
              <Command.Input className="command-input" value={query} onValueChange={setQuery} placeholder={t(props.canSearch && program ? 'palette.placeholderSearch' : 'palette.placeholder')} />
              {search.loading && <Spinner className="palette-spinner" />}
              <kbd className="kbd">Esc</kbd>
            </div>
            <Command.List className="command-list palette-list">
              {!hasResults && !search.loading && <Command.Empty className="command-empty">{t('palette.empty')}</Command.Empty>}
              {program && search.active && search.data && <SearchResults programId={program.id} results={search.data} onNavigate={run} />}
              {program && navItems.length > 0 && (
                <Command.Group heading={t('palette.navigation')} className="command-group">
                  {navItems.map((item) => (
                    <Item key={item.id} value={`go ${t(item.label)}`} onSelect={run(() => navigate({ to: item.to, params: { programId: program.id } }))}>
                      {t(item.label)}
                    </Item>
                  ))}
                  {dashboard &&
                    dashboardTabs.map((tab) => (
                      <Item key={tab.to} value={`go dashboard ${tab.label}`} onSelect={run(() => navigate({ to: tab.to, params: { programId: program.id } }))}>
                        {t('nav.dashboard')} <span className="command-crumb">/</span> {tab.label}
                      </Item>
                    ))}
                </Command.Group>
              )}
              {settings.length > 0 && (
                <Command.Group heading={t('settings.organizationGroup')} className="command-group">
                  {settings.map((entry) => (
                    <Item key={entry.id} value={`organization ${t(entry.label)}`} onSelect={run(() => navigate(settingsLink(entry, program?.id)))}>
                      {t(entry.label)}
                    </Item>
                  ))}
                </Command.Group>
              )}
              {(programs.length > 1 || props.canCreate) && (
                <Command.Group heading={t('shell.programs')} className="command-group">
                  {programs
                    .filter((p) => p.id !== program?.id)
                    .map((p) => (
                      <Item key={p.id} value={`switch ${p.name} ${p.id}`} icon={<ProgramTile id={p.id} name={p.name} size="sm" />} onSelect={run(() => props.onSwitchProgram(p))} hint={t('palette.switch')}>
                        {p.name}
                      </Item>
                    ))}
                  {props.canCreate && (
                    <Item value="create program" icon={<IconPlus />} onSelect={run(props.onCreateProgram)}>
                      {t('shell.createProgram')}
                    </Item>
                  )}
                </Command.Group>
              )}
              <Command.Group heading={t('palette.preferences')} className="command-group">
                <Item value="theme" icon={theme === 'dark' ? <IconSun /> : <IconMoon />} onSelect={run(toggleTheme)}>
                  {theme === 'dark' ? t('shell.themeLight') : t('shell.themeDark')}
                </Item>
                <Item value="log out sign out" icon={<IconLogOut />} onSelect={run(() => void signOut())}>
                  {t('shell.logOut')}
                </Item>
              </Command.Group>
            </Command.List>
            <footer className="palette-footer" aria-hidden="true">
              <IconLayers size={14} />
              <span>
                <kbd className="kbd">↑</kbd> <kbd className="kbd">↓</kbd> {t('palette.hintMove')}
              </span>
              <span>
                <kbd className="kbd">↵</kbd> {t('palette.hintOpen')}
              </span>
            </footer>
          </Command>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
