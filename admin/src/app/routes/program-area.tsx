import { PageHeader } from '../../components/ui/page-header'
import type { SignedInBootstrap } from '../../lib/bootstrap'
import { useI18n } from '../../lib/i18n'
import type { ProgramArea } from '../../lib/program-areas'
import { ComingSoon } from './coming-soon'
import { ProgramFrame } from './program-frame'

/** programs/{program_id}/{users|challenges|rewards|receipts|referrals}: named placeholders for now. */
export function ProgramAreaRoute({
  bootstrap,
  programId,
  area,
}: {
  bootstrap: SignedInBootstrap
  programId: number
  area: ProgramArea
}) {
  const { t } = useI18n()
  const program = bootstrap.programs?.find((p) => p.id === programId)
  const name = t(area.label)
  return (
    <ProgramFrame
      bootstrap={bootstrap}
      programId={programId}
      area={area.id}
      permission={area.permission}
      title={name}
    >
      <PageHeader
        title={name}
        description={t('area.description', { area: name, program: program?.name ?? '' })}
      />
      <ComingSoon />
    </ProgramFrame>
  )
}
