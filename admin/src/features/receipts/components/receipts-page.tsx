import { Card } from '../../../components/ui/card'
import { EmptyState } from '../../../components/ui/empty-state'
import { IconReceipt } from '../../../components/ui/icons-ui'
import { PageHeader } from '../../../components/ui/page-header'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'

/**
 * programs/{program_id}/receipts: where receipts reviewers land (spec section 2). The receipts list
 * and review screens replace the empty state.
 */
export function ReceiptsPage() {
  const { t } = useI18n()
  const { program } = useCurrentProgram()
  return (
    <>
      <PageHeader title={t('nav.receipts')} description={t('receipts.subtitle', { program: program.name })} />
      <Card>
        <EmptyState icon={<IconReceipt size={22} />} title={t('table.empty')} />
      </Card>
    </>
  )
}
