import { ArrowLeftIcon } from '../../ui/icons'
import './back-button.css'

/** 'All challenges': back to the tiles from what a tile opened inside the element. */
export function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <button type="button" class="tw-back" onClick={onBack}>
      <ArrowLeftIcon size={16} />
      All challenges
    </button>
  )
}
