import type { KeyboardEvent, PointerEvent } from 'react'
import { IconChevronLeft, IconChevronRight } from '../../../components/ui/icons-ui'
import { useI18n } from '../../../lib/i18n'

type Props = {
  index: number
  count: number
  playing: boolean
  onPrevious: () => void
  onNext: () => void
  onToggle: () => void
}

// The pause / play button decides itself: its press must not also count as "the user interacted".
const own = (e: PointerEvent | KeyboardEvent) => e.stopPropagation()

/** Previous, pause / play and next, with "2 of 10", for the Latest Users carousel and the actions ticker. */
export function CarouselControls({ index, count, playing, onPrevious, onNext, onToggle }: Props) {
  const { t } = useI18n()
  return (
    <div className="carousel-controls">
      <button type="button" className="carousel-button" onClick={onPrevious} aria-label={t('dashboard.carousel.previous')}>
        <IconChevronLeft size={16} />
      </button>
      <span className="carousel-position">{t('dashboard.carousel.position', { current: index + 1, total: count })}</span>
      <button type="button" className="carousel-button" onClick={onNext} aria-label={t('dashboard.carousel.next')}>
        <IconChevronRight size={16} />
      </button>
      <button type="button" className="carousel-toggle" onPointerDown={own} onKeyDown={own} onClick={onToggle}>
        {playing ? t('dashboard.carousel.pause') : t('dashboard.carousel.play')}
      </button>
    </div>
  )
}
