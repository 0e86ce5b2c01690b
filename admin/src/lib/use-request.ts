import { useCallback, useEffect, useState } from 'react'

export type RequestState<T> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'success'; data: T; error: undefined }
  | { status: 'error'; data: undefined; error: unknown }

/**
 * Runs `load` when `key` changes and keeps the latest answer; a stale answer for an older key is
 * dropped. Enough for read-only screens until the console needs a query cache.
 */
export function useRequest<T>(key: string, load: () => Promise<T>): RequestState<T> & { reload: () => void } {
  const [state, setState] = useState<RequestState<T>>({
    status: 'loading',
    data: undefined,
    error: undefined,
  })
  const [attempt, setAttempt] = useState(0)
  // `key` names what `load` fetches; a new closure alone must not refetch.
  useEffect(() => {
    let current = true
    setState({ status: 'loading', data: undefined, error: undefined })
    load().then(
      (data) => current && setState({ status: 'success', data, error: undefined }),
      (error: unknown) => current && setState({ status: 'error', data: undefined, error }),
    )
    return () => {
      current = false
    }
  }, [key, attempt])
  const reload = useCallback(() => setAttempt((n) => n + 1), [])
  return { ...state, reload }
}
