import { type ComponentProps, useEffect, useRef, useState } from 'react'

/** Spec section 2, Media library: a failed image is retried up to 3 times, after 1, 2 and 4 seconds. */
export const IMAGE_RETRY_DELAYS_MS = [1000, 2000, 4000] as const

/** `src` with a retry marker, so the browser asks again instead of reusing its failed answer. */
export function retrySrc(src: string, attempt: number): string {
  if (attempt === 0 || src.startsWith('data:') || src.startsWith('blob:')) return src
  return `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`
}

type RetryImageProps = Omit<ComponentProps<'img'>, 'src' | 'onError'> & { src: string; onGiveUp?: () => void }

/** An <img> that retries a failed load up to 3 times (1, 2 and 4 s apart), then stays as it is. */
export function RetryImage({ src, onGiveUp, alt, ...rest }: RetryImageProps) {
  const [attempt, setAttempt] = useState(0)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => {
    setAttempt(0)
    return () => clearTimeout(timer.current)
  }, [src])
  const onError = () => {
    const delay = IMAGE_RETRY_DELAYS_MS[attempt]
    if (delay === undefined) {
      onGiveUp?.()
      return
    }
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setAttempt((a) => a + 1), delay)
  }
  return <img {...rest} alt={alt} src={retrySrc(src, attempt)} onError={onError} />
}
