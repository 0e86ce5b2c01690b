import { useCallback, useEffect, useRef, useState } from 'preact/hooks'

export type LoadState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'ready'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown }

/**
 * Loads data for a component: re-runs when `key` changes (a string naming what is loaded), ignores
 * answers that arrive after a newer request or after unmounting, and can be reloaded or patched.
 * `initial`, used when the component mounts, is data it already has (the answer the page came with):
 * it starts ready with it and loads only when `key` changes or on reload.
 * @example const [challenge, reload] = useLoad(() => client.challenges.retrieve(id), id)
 */
export function useLoad<T>(load: () => Promise<T>, key: string | number = '', initial?: T) {
  // -1: started with data, the first effect has nothing to load.
  const run = useRef(initial === undefined ? 0 : -1)
  const [state, setState] = useState<LoadState<T>>(run.current < 0 ? { status: 'ready', data: initial! } : { status: 'loading' })
  const loader = useRef(load)
  loader.current = load

  const reload = useCallback((quiet = false) => {
    const ticket = ++run.current
    if (!quiet) setState({ status: 'loading' })
    loader.current().then(
      (data) => {
        if (ticket === run.current) setState({ status: 'ready', data })
      },
      (error: unknown) => {
        if (ticket === run.current) setState({ status: 'error', error })
      },
    )
  }, [])

  // `key` names what is loaded; the loader itself is read from a ref
  useEffect(() => {
    if (run.current < 0) run.current = 0
    else reload()
    return () => {
      run.current++
    }
  }, [key, reload])

  const setData = useCallback((data: T) => {
    run.current++
    setState({ status: 'ready', data })
  }, [])

  return [state, reload, setData] as const
}

/** The message of an error from the SDK (or anything thrown), for toasts and inline errors. */
export const errorMessage = (err: unknown, fallback = 'Please try again') =>
  err instanceof Error && err.message ? err.message : fallback
