import { createContext } from 'preact'
import { useContext } from 'preact/hooks'
import type { PublicProgram } from '../../../../sdk/contract/program'
import type { TesseraClient } from '../../../../sdk/src/index'
import type { Session } from './session'

export type Site = { program: PublicProgram; client: TesseraClient; session: Session }

export const SiteContext = createContext<Site | null>(null)

export function useSite(): Site {
  const site = useContext(SiteContext)
  if (!site) throw new Error('useSite needs <SiteContext.Provider>')
  return site
}

/** The program's words for points and rewards (term_points_as, term_rewards_as). */
export function useTerms() {
  const { program } = useSite()
  return { points: program.term_points_as || 'points', rewards: program.term_rewards_as || 'rewards' }
}
