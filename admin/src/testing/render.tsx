import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { I18nProvider } from '../lib/i18n'
import { createQueryClient } from '../lib/query-client'

/** Renders a component with what every console screen has above it: a query client and English. */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = createQueryClient()
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <I18nProvider locale="en">{ui}</I18nProvider>
      </QueryClientProvider>,
    ),
  }
}
