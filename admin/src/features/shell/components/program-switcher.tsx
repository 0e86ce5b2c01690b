import { Command } from 'cmdk'
import { useState } from 'react'
import { IconCheck, IconChevronsUpDown, IconPlus, IconSearch } from '../../../components/ui/icons'
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover'
import type { ConsoleProgram } from '../../../lib/bootstrap'
import { useI18n } from '../../../lib/i18n'
import { ProgramTile } from './program-tile'

type ProgramSwitcherProps = {
  programs: readonly ConsoleProgram[]
  current: ConsoleProgram
  canCreate: boolean
  onSelect: (program: ConsoleProgram) => void
  onCreate: () => void
}

/** The current program, and a searchable list to switch to another or create one (spec section 2). */
export function ProgramSwitcher({ programs, current, canCreate, onSelect, onCreate }: ProgramSwitcherProps) {
  const { t } = useI18n()
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const choose = (program: ConsoleProgram) => {
    setOpen(false)
    if (program.id !== current.id) onSelect(program)
  }
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (next) setQuery('')
      }}
    >
      <PopoverTrigger className="switcher-trigger" aria-label={`${t('shell.switchProgram')}: ${current.name}`}>
        <ProgramTile id={current.id} name={current.name} />
        <span className="switcher-name">{current.name}</span>
        <IconChevronsUpDown className="switcher-chevron" />
      </PopoverTrigger>
      <PopoverContent className="switcher-panel">
        <Command label={t('shell.switchProgram')} loop>
          <div className="command-search">
            <IconSearch className="command-search-icon" />
            <Command.Input className="command-input" value={query} onValueChange={setQuery} placeholder={t('shell.searchPrograms')} />
          </div>
          <Command.List className="command-list switcher-list">
            <Command.Empty className="command-empty">{t('shell.noProgramMatch', { query: query.trim() })}</Command.Empty>
            <Command.Group heading={t('shell.programs')} className="command-group">
              {programs.map((program) => (
                <Command.Item
                  key={program.id}
                  value={`${program.name} ${program.id}`}
                  keywords={[program.subdomain_url]}
                  onSelect={() => choose(program)}
                  className="command-item switcher-item"
                  aria-current={program.id === current.id || undefined}
                >
                  <ProgramTile id={program.id} name={program.name} size="sm" />
                  <span className="switcher-item-text">
                    <span className="switcher-item-name">{program.name}</span>
                    <span className="switcher-item-meta">{program.subdomain_url}</span>
                  </span>
                  {program.id === current.id && <IconCheck className="switcher-item-check" />}
                </Command.Item>
              ))}
            </Command.Group>
            {canCreate && (
              <>
                <Command.Separator className="command-separator" alwaysRender />
                <Command.Group className="command-group" forceMount>
                  <Command.Item
                    value="create-program"
                    forceMount
                    className="command-item"
                    onSelect={() => {
                      setOpen(false)
                      onCreate()
                    }}
                  >
                    <IconPlus />
                    {t('shell.createProgram')}
                  </Command.Item>
                </Command.Group>
              </>
            )}
          </Command.List>
        </Command>
      </PopoverContent>
    </Popover>
  )
}
