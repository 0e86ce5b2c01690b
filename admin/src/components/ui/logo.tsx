import { cx } from '../../lib/cx'

/** The Tessera mark: four tiles of a mosaic. */
export function LogoMark({ size = 28, className }: { size?: number; className?: string }) {
  return (
    <svg
      className={cx('logo-mark', className)}
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" className="logo-mark-bg" />
      <rect x="7" y="7" width="8" height="8" rx="2" className="logo-tile-a" />
      <rect x="17" y="7" width="8" height="8" rx="2" className="logo-tile-b" />
      <rect x="7" y="17" width="8" height="8" rx="2" className="logo-tile-b" />
      <rect x="17" y="17" width="8" height="8" rx="2" className="logo-tile-c" />
    </svg>
  )
}

export function Logo({ suffix, className }: { suffix?: string; className?: string }) {
  return (
    <span className={cx('logo', className)}>
      <LogoMark />
      <span className="logo-word">Tessera</span>
      {suffix && <span className="logo-suffix">{suffix}</span>}
    </span>
  )
}
