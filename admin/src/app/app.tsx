import { RouterProvider } from '@tanstack/react-router'
import { useState } from 'react'
import type { ConsoleBootstrap } from '../lib/bootstrap'
import { createQueryClient } from '../lib/query-client'
import { seedBootstrap } from '../lib/use-bootstrap'
import { AppProviders } from './providers'
import { createAppRouter } from './router'

export function App({ bootstrap }: { bootstrap: ConsoleBootstrap }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient()
    seedBootstrap(client, bootstrap)
    return client
  })
  const [router] = useState(() => createAppRouter({ queryClient }))
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  )
}
