import type { ReactNode } from 'react'

/** The series colours (economics.css: --chart-1..8, each 3:1 or better on the card in both themes). */
export const chartColor = (index: number) => `var(--chart-${(index % 8) + 1})`

/** Axis styling shared by the charts (the dashboard's Users Growth look). */
export const axisProps = { stroke: 'var(--text-subtle)', fontSize: 12, tickLine: false } as const

type TooltipRow = { name: string; value: string; color: string }

/** A chart tooltip in the console's look: a title and one line per series. */
export function ChartTooltipBox({ title, rows }: { title: string; rows: TooltipRow[] }) {
  return (
    <div className="chart-tooltip economics-tooltip">
      <p className="economics-tooltip-title">{title}</p>
      <ul>
        {rows.map((row) => (
          <li key={row.name}>
            <span className="economics-swatch" style={{ background: row.color }} aria-hidden="true" />
            {row.name}: <strong>{row.value}</strong>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The chart's key, as a list (recharts' own legend is drawn in SVG). */
export function ChartKey({ label, items }: { label: string; items: { name: string; color: string; faded?: boolean }[] }) {
  return (
    <ul className="economics-key" aria-label={label}>
      {items.map((item) => (
        <li key={item.name}>
          <span className={item.faded ? 'economics-swatch economics-swatch-faded' : 'economics-swatch'} style={{ background: item.color }} aria-hidden="true" />
          {item.name}
        </li>
      ))}
    </ul>
  )
}

/**
 * A chart and its table: the chart is drawn for the eye (hidden from screen readers), the table
 * under it holds the same numbers as text, and is the chart's text alternative.
 */
export function ChartFigure({ children, height = 280 }: { children: ReactNode; height?: number }) {
  return (
    <div className="economics-chart" style={{ minHeight: height }} aria-hidden="true">
      {children}
    </div>
  )
}
