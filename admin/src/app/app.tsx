import type { ConsoleBootstrap } from '../lib/bootstrap'
import { AppProvider } from './provider'
import { AppRouter } from './router'

export function App({ bootstrap }: { bootstrap: ConsoleBootstrap }) {
  return (
    <AppProvider bootstrap={bootstrap}>
      <AppRouter />
    </AppProvider>
  )
}
