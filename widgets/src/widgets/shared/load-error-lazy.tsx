import { lazy } from '../../ui/lazy'

/**
 * widgets/shared/load-error, fetched when a load fails (most pages never show it): its message shows
 * at once, the 'Try again' button when the chunk is there. The site and the elements both use it.
 */
export const LoadError = lazy(
  () => import('./load-error').then((m) => m.LoadError),
  ({ message, class: className }) => (
    <div class={className} role="alert">
      <p>{message}</p>
    </div>
  ),
)
