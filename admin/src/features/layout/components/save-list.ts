import type { FieldValues, UseFormReturn } from 'react-hook-form'
import { TesseraError } from '../../../../../sdk/src/errors'
import { SERVER_ERROR } from '../../../components/ui/form'
import { notify } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/error-message'

/**
 * Sends a whole list and reports the result: the success toast, or the server's field errors
 * (`navigation_menus.0.navigation_url`) put under their fields and listed in the error toast.
 * Answers the saved list, or null when nothing was saved.
 */
export async function saveList<T>(
  form: UseFormReturn<FieldValues>,
  send: () => Promise<T>,
  texts: { successTitle: string; success: string; errorTitle: string; generic: string },
): Promise<T | null> {
  try {
    const saved = await send()
    notify.success(texts.successTitle, texts.success)
    return saved
  } catch (error) {
    const fields = error instanceof TesseraError ? error.fields : undefined
    if (fields && Object.keys(fields).length) {
      const loose: string[] = []
      for (const [name, message] of Object.entries(fields)) {
        if (/\.\d+\./.test(name)) form.setError(name, { type: 'server', message }, { shouldFocus: true })
        else loose.push(message)
      }
      if (loose.length) form.setError(SERVER_ERROR, { type: 'server', message: loose.join('\n') })
      notify.error(texts.errorTitle, Object.values(fields))
    } else {
      notify.error(texts.errorTitle, errorMessage(error, texts.generic))
    }
    return null
  }
}
