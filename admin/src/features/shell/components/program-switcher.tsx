import { useState } from 'react'
import { Dropdown } from '../../../components/ui/dropdown'
import { IconCheck, IconChevronsUpDown, IconPlus, IconSearch } from '../../../components/ui/icons'
import type { ConsoleProgram } from '../../../lib/bootstrap'
import { useI18n } from '../../../lib/i18n'
import { paths } from '../../../lib/paths'
import { Link } from '../../../lib/router'
import { filterPrograms } from '../utils/navigation'
import { ProgramTile } from './program-tile'

type ProgramSwitcherProps = {
  programs: readonly ConsoleProgram[]
  current: ConsoleProgram
  canCreate: boolean
  onSelect: (program: ConsoleProgram) => void
}

export function ProgramSwitcher({ programs, current, canCreate, onSelect }: ProgramSwitcherProps) {
  const { t } = useI18n()
  const [query, setQuery] = useState('')
  const matches = filterPrograms(programs, query)

  return (
    <Dropdown
      triggerClassName="switcher-trigger"
      triggerLabel={`${t('shell.switchProgram')}: ${current.name}`}
      panelClassName="switcher-panel"
      onOpenChange={(open) => open && setQuery('')}
      trigger={
        <>
          <ProgramTile id={current.id} name={current.name} />
          <span className="switcher-name">{current.name}</span>
          <IconChevronsUpDown className="switcher-chevron" />
        </>
      }
    >
      {(close) => {
        const choose = (program: ConsoleProgram) => {
          close()
          if (program.id !== current.id) onSelect(program)
        }
        return (
          <>
            <div className="switcher-search">
              <IconSearch className="switcher-search-icon" />
              <input
                className="switcher-search-input"
                type="search"
                value={query}
                placeholder={t('shell.searchPrograms')}
                aria-label={t('shell.searchPrograms')}
                onChange={(event) => setQuery(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && matches[0]) choose(matches[0])
                }}
                autoFocus
              />
            </div>
            <p className="dropdown-label">{t('shell.programs')}</p>
            <ul className="switcher-list">
              {matches.map((program) => (
                <li key={program.id}>
                  <button
                    type="button"
                    className="dropdown-item switcher-item"
                    aria-current={program.id === current.id || undefined}
                    onClick={() => choose(program)}
                  >
                    <ProgramTile id={program.id} name={program.name} size="sm" />
                    <span className="switcher-item-text">
                      <span className="switcher-item-name">{program.name}</span>
                      <span className="switcher-item-meta">{program.subdomain_url}</span>
                    </span>
                    {program.id === current.id && <IconCheck className="switcher-item-check" />}
                  </button>
                </li>
              ))}
            </ul>
            {matches.length === 0 && (
              <p className="dropdown-empty">{t('shell.noProgramMatch', { query: query.trim() })}</p>
            )}
            {canCreate && (
              <>
                <hr className="dropdown-separator" />
                <Link
                  className="dropdown-item"
                  href={`${paths.organizationPrograms}#add-new-program`}
                  onClick={close}
                >
                  <IconPlus />
                  {t('shell.createProgram')}
                </Link>
              </>
            )}
          </>
        )
      }}
    </Dropdown>
  )
}
