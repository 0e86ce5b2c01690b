import { Button } from '../../ui/button'

/**
 * What a failed load shows: its message and, when it can be retried, 'Try again'. The surface styles
 * it (`class`: the site's `notice`, an element's `tw-notice`).
 */
export function LoadError({ message, retry, class: className }: { message: string; retry?: () => void; class: string }) {
  return (
    <div class={className} role="alert">
      <p>{message}</p>
      {retry && (
        <Button variant="outline" size="sm" onClick={() => retry()}>
          Try again
        </Button>
      )}
    </div>
  )
}
