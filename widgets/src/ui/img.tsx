import type { ComponentChildren } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'
import { imageRetryDelay } from './media'

type ImgProps = {
  src: string | null | undefined
  alt: string
  class?: string
  width?: number
  height?: number
  loading?: 'lazy' | 'eager'
  /** Shown instead when there is no source or every retry failed. */
  fallback?: ComponentChildren
}

type Attempt = { src: string | null | undefined; attempt: number; failed: boolean }

/**
 * An <img> that retries a failed load up to 3 times (after 1, 2 and 4 s), then shows the fallback.
 * Each retry mounts a fresh element, so the browser requests the image again.
 */
export function Img({
  src,
  alt,
  class: className,
  width,
  height,
  loading = 'lazy',
  fallback = null,
}: ImgProps) {
  const [state, setState] = useState<Attempt>({ src, attempt: 0, failed: false })
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  // A new source starts over.
  const current = state.src === src ? state : { src, attempt: 0, failed: false }
  if (!src || current.failed) return <>{fallback}</>
  const onError = () => {
    const delay = imageRetryDelay(current.attempt)
    clearTimeout(timer.current)
    if (delay === null) setState({ ...current, failed: true })
    else timer.current = setTimeout(() => setState({ ...current, attempt: current.attempt + 1 }), delay)
  }
  return (
    <img
      key={current.attempt}
      src={src}
      alt={alt}
      class={className}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      onError={onError}
    />
  )
}
