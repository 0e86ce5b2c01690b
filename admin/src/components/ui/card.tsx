import type { ComponentProps } from 'react'
import { cx } from '../../lib/cx'

export function Card({ className, ...rest }: ComponentProps<'section'>) {
  return <section className={cx('card', className)} {...rest} />
}

export function CardHeader({ className, ...rest }: ComponentProps<'header'>) {
  return <header className={cx('card-header', className)} {...rest} />
}

export function CardTitle({ className, ...rest }: ComponentProps<'h2'>) {
  return <h2 className={cx('card-title', className)} {...rest} />
}

export function CardDescription({ className, ...rest }: ComponentProps<'p'>) {
  return <p className={cx('card-description', className)} {...rest} />
}

export function CardContent({ className, ...rest }: ComponentProps<'div'>) {
  return <div className={cx('card-content', className)} {...rest} />
}
