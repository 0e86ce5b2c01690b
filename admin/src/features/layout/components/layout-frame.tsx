import type { ReactNode } from 'react'
import { PageHeader } from '../../../components/ui/page-header'
import { RouteTabs } from '../../../components/ui/tabs'
import { useCurrentProgram } from '../../../lib/use-program'
import { useLayoutText } from '../messages'

/** settings/layout: the Layout heading and its two tabs, navigation menus (the default) and carousels. */
export function LayoutFrame({ children }: { children: ReactNode }) {
  const lt = useLayoutText()
  const { program } = useCurrentProgram()
  const programId = program.id
  return (
    <>
      <PageHeader title={lt('title')} />
      <RouteTabs
        label={lt('tabs')}
        tabs={[
          { to: '/programs/$programId/settings/layout/navigation-menus', params: { programId }, children: lt('navigationMenus') },
          { to: '/programs/$programId/settings/layout/carousels', params: { programId }, children: lt('carousels') },
        ]}
      >
        {children}
      </RouteTabs>
    </>
  )
}
