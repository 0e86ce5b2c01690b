import { createContext, useContext } from 'react'

/** Shell dialogs that several places open: the switcher, the command palette, the no-programs screen. */
export type ShellActions = { openCreateProgram: () => void; openCommandPalette: () => void }

export const ShellActionsContext = createContext<ShellActions>({
  openCreateProgram: () => {},
  openCommandPalette: () => {},
})

export const useShellActions = () => useContext(ShellActionsContext)
