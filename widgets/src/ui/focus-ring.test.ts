import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The focus ring (--focus-ring, the :focus-visible outline) must reach 3:1 against the backgrounds it is
 * drawn on (WCAG 1.4.11). The colours are computed from ui.css itself, resolving its variables and
 * color-mix() the way a browser does (srgb, premultiplied alpha), for the seeded programs' palettes.
 */
const css = readFileSync(join(__dirname, 'ui.css'), 'utf8')
const rootBlock = /:root\s*\{([\s\S]*?)\n\}/.exec(css)![1]!
const declared: Record<string, string> = {}
for (const m of rootBlock.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) declared[m[1]!] = m[2]!.trim()

type Rgba = [number, number, number, number]

/** Splits on commas outside parentheses. */
function splitArgs(s: string): string[] {
  const out: string[] = []
  let depth = 0
  let cur = ''
  for (const ch of s) {
    if (ch === '(') depth++
    if (ch === ')') depth--
    if (ch === ',' && depth === 0) {
      out.push(cur.trim())
      cur = ''
    } else cur += ch
  }
  out.push(cur.trim())
  return out
}

function color(value: string, vars: Record<string, string>): Rgba {
  const v = value.trim()
  const ref = /^var\((--[\w-]+)\)$/.exec(v)
  if (ref) return color(vars[ref[1]!]!, vars)
  if (v === 'transparent') return [0, 0, 0, 0]
  const hex = /^#([0-9a-f]{6})$/i.exec(v)
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16) / 255).concat(1) as Rgba
  const mix = /^color-mix\(in srgb,\s*([\s\S]+)\)$/.exec(v)
  if (mix) {
    const [a, b] = splitArgs(mix[1]!).map((part) => {
      const pct = /\s(\d+(?:\.\d+)?)%$/.exec(part)
      return { c: color(pct ? part.slice(0, pct.index) : part, vars), p: pct ? Number(pct[1]) / 100 : null }
    })
    const pa = a!.p ?? 1 - (b!.p ?? 0.5)
    const pb = b!.p ?? 1 - pa
    const alpha = a!.c[3] * pa + b!.c[3] * pb
    const channel = (i: number) => (alpha ? (a!.c[i]! * a!.c[3] * pa + b!.c[i]! * b!.c[3] * pb) / alpha : 0)
    return [channel(0), channel(1), channel(2), alpha]
  }
  throw new Error(`unsupported colour ${v}`)
}

const over = (top: Rgba, bottom: Rgba): Rgba =>
  [0, 1, 2].map((i) => top[i]! * top[3] + bottom[i]! * (1 - top[3])).concat(1) as Rgba

const luminance = ([r, g, b]: Rgba) =>
  [r, g, b]
    .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0)

export const contrast = (a: Rgba, b: Rgba) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}

/** The ring's colour: the last colour of the --focus-ring box-shadow. */
const ringColour = (vars: Record<string, string>) => {
  const shadow = vars['--focus-ring']!
  const m = /^0 0 0 \d+px (.+)$/.exec(shadow)
  expect(m, `--focus-ring is a single solid ring: ${shadow}`).toBeTruthy()
  return color(m![1]!, vars)
}

// The seeded programs (worker/src/db/seed.ts): the demo and the second program.
const palettes = [{ '--perk-primary': '#5b4cf0' }, { '--perk-primary': '#0e7c66' }]

describe('focus ring contrast', () => {
  for (const palette of palettes) {
    const vars: Record<string, string> = { ...declared, ...palette }
    for (const bg of ['--surface', '--perk-body-background', '--perk-challenge-tile-background'] as const) {
      it(`reaches 3:1 on ${bg} with primary ${palette['--perk-primary']}`, () => {
        const background = color(vars[bg]!, vars)
        expect(contrast(over(ringColour(vars), background), background)).toBeGreaterThanOrEqual(3)
        // The :focus-visible outline uses the same colour.
        const outline = /:focus-visible\s*\{\s*outline:\s*2px solid ([^;]+);/.exec(css)![1]!
        expect(contrast(over(color(outline, vars), background), background)).toBeGreaterThanOrEqual(3)
      })
    }
  }
})
