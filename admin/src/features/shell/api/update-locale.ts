import { api } from '../../../lib/api-client'
import type { Locale } from '../../../lib/i18n'

/**
 * PUT /admin/v2/me { preferred_locale }, then a reload: the bootstrap and every cached answer are in
 * the old language. A failure is only logged (spec section 8); the page stays as it is.
 */
export async function saveLocale(locale: Locale): Promise<void> {
  try {
    await api.put('/admin/v2/me', { preferred_locale: locale })
    window.location.reload()
  } catch (error) {
    console.error('Could not save the language', error)
  }
}
