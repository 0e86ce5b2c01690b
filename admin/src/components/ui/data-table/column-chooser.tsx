import type { Table } from '@tanstack/react-table'
import { useI18n } from '../../../lib/i18n'
import { buttonClass } from '../button'
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../dropdown-menu'
import { IconColumns } from '../icons-ui'

/** The column's name: meta.label, else a plain-text header, else its id. */
function columnLabel(column: ReturnType<Table<unknown>['getAllLeafColumns']>[number]): string {
  const header = column.columnDef.header
  return column.columnDef.meta?.label ?? (typeof header === 'string' ? header : column.id)
}

/** Shows and hides columns; the menu stays open so several can be toggled in a row. */
export function ColumnChooser<TRow>({ table }: { table: Table<TRow> }) {
  const { t } = useI18n()
  const columns = table.getAllLeafColumns().filter((column) => column.getCanHide())
  if (!columns.length) return null
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className={buttonClass({ variant: 'secondary', size: 'sm' })}>
        <IconColumns />
        {t('table.columns')}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="menu-columns">
        <DropdownMenuLabel>{t('table.showColumns')}</DropdownMenuLabel>
        {columns.map((column) => (
          <DropdownMenuCheckboxItem
            key={column.id}
            checked={column.getIsVisible()}
            onCheckedChange={(checked) => column.toggleVisibility(checked === true)}
            onSelect={(event) => event.preventDefault()}
          >
            {columnLabel(column as never)}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
