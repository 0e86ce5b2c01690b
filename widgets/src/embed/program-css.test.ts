// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import type { PublicProgram } from '../../../sdk/contract/program'
import { adoptProgramCss } from './program-css'

const program = (css: string) => ({ public_key: 'css-test', custom_css_widgets: css }) as unknown as PublicProgram

const rulesOf = (root: ShadowRoot) => root.adoptedStyleSheets.flatMap((s) => [...s.cssRules].map((r) => r.cssText))

describe('adoptProgramCss', () => {
  it("puts the program's scoped custom CSS in the widget's shadow root, after the widget's own sheets, never in the page", () => {
    const host = document.createElement('div')
    document.body.appendChild(host)
    const root = host.attachShadow({ mode: 'open' })
    const own = new CSSStyleSheet()
    own.replaceSync('.tw-root { color: black; }')
    root.adoptedStyleSheets = [own]

    adoptProgramCss(root, program(':host .tile { border-color: rgb(1, 2, 3); }'))
    expect(root.adoptedStyleSheets[0]).toBe(own)
    expect(rulesOf(root).join(' ')).toContain('rgb(1, 2, 3)')
    expect(document.adoptedStyleSheets ?? []).toHaveLength(0)

    // A newer version of the program replaces the older sheet; none leaves none.
    adoptProgramCss(root, program(':host .tile { border-color: rgb(4, 5, 6); }'))
    expect(rulesOf(root).join(' ')).toContain('rgb(4, 5, 6)')
    expect(rulesOf(root).join(' ')).not.toContain('rgb(1, 2, 3)')
    adoptProgramCss(root, program(''))
    expect(root.adoptedStyleSheets).toEqual([own])
  })
})
