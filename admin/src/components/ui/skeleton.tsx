import type { CSSProperties } from 'react'
import { cx } from '../../lib/cx'

/** A shimmering placeholder with the size of what is loading, so the page doesn't jump when it arrives. */
export function Skeleton({
  width,
  height,
  className,
  style,
}: {
  width?: number | string
  height?: number | string
  className?: string
  style?: CSSProperties
}) {
  return <span className={cx('skeleton', className)} style={{ width, height, ...style }} aria-hidden="true" />
}
