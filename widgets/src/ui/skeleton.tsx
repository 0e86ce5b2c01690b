import './ui.css'
import './skeleton.css'

/** A shimmering placeholder block while data loads; hidden from assistive technology. */
export function Skeleton({ width, height = 16, class: className }: { width?: number | string; height?: number | string; class?: string }) {
  // Preact 11 does not add "px" to numbers in style objects.
  const px = (v: number | string | undefined) => (typeof v === 'number' ? `${v}px` : v)
  return <span class={['skeleton', className].filter(Boolean).join(' ')} style={{ width: px(width), height: px(height) }} aria-hidden="true" />
}
