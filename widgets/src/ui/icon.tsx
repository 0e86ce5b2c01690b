import type { JSX } from 'preact'
import { SPARK_PATH } from '../../../sdk/contract/icon-paths'

type IconProps = { size?: number; class?: string }

/** Stroke icons (24px grid), decorative: the control around them carries the accessible name. */
export function icon(paths: JSX.Element) {
  return ({ size = 20, class: className }: IconProps) => (
    <svg
      class={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths}
    </svg>
  )
}

/** On every tile without an image (the tiles' first view): with the factory in the elements' core. */
export const SparkIcon = icon(<path d={SPARK_PATH} />)
