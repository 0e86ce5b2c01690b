import { createColumnHelper } from '@tanstack/react-table'
import { Link } from '@tanstack/react-router'
import { buttonClass } from '../../../components/ui/button'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { useServerTable } from '../../../components/ui/data-table/use-server-table'
import { IconPlus } from '../../../components/ui/icons'
import { Select } from '../../../components/ui/select'
import { type MessageKey, useI18n } from '../../../lib/i18n'
import { organizationKey } from '../../../lib/query-client'
import { type FeatureProgram, listFeatures } from '../api/list-features'

const column = createColumnHelper<FeatureProgram>()

/**
 * organization/features (super admins): every program's features with their state, searchable by
 * program or feature name, filterable by state; Add feature turns one on or off.
 */
export function OrganizationFeaturesPage() {
  const { t } = useI18n()
  const table = useServerTable({ queryKey: organizationKey('features'), fetchPage: listFeatures })
  const featureName = (name: string) => t(`organization.feature.${name}` as MessageKey)

  const columns = [
    column.accessor('program_name', {
      header: t('organization.program'),
      enableSorting: true,
      cell: (c) => (
        <div className="cell-stack">
          <span className="cell-strong">{c.getValue()}</span>
          <span className="cell-muted">{c.row.original.organization_name}</span>
        </div>
      ),
    }),
    column.accessor('feature', { header: t('organization.featureModel'), enableSorting: true, cell: (c) => featureName(c.getValue()) }),
    column.accessor('enabled', {
      header: t('organization.status'),
      cell: (c) => <span className={c.getValue() ? 'badge badge-success' : 'badge badge-muted'}>{c.getValue() ? t('organization.on') : t('organization.off')}</span>,
    }),
  ]

  return (
    <DataTable
      label={t('settings.features')}
      columns={columns}
      {...table.props}
      getRowId={(row) => `${row.program_id}:${row.feature}`}
      searchPlaceholder={t('organization.searchFeatures')}
      filters={
        <Select
          size="sm"
          aria-label={t('organization.status')}
          value={table.state.filters.enabled || 'all'}
          onValueChange={(value) => table.setFilter('enabled', value === 'all' ? undefined : value)}
          options={[
            { value: 'all', label: t('organization.allStates') },
            { value: 'on', label: t('organization.on') },
            { value: 'off', label: t('organization.off') },
          ]}
        />
      }
      actions={
        <Link className={buttonClass({ size: 'sm' })} to="/organization/features/new">
          <IconPlus />
          {t('organization.addFeature')}
        </Link>
      }
    />
  )
}
