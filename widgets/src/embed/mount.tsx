import { signal } from '@preact/signals'
import { type ComponentChildren, type ComponentType, createContext, render } from 'preact'
import { useContext, useEffect, useErrorBoundary } from 'preact/hooks'
import type { PublicProgram } from '../../../sdk/contract/program'
import { SiteContext } from '../widgets/shared/context'
import { Skeleton } from '../ui/skeleton'
import { Toaster } from '../ui/toast'
import { getRuntime, type Runtime } from './runtime'
import { lazyView, type ViewLoader } from './lazy-view'
import { adoptStyles, releaseStyles } from './styles'
import './embed.css'

/** What the loader (or the iframe page) told the bundle: the default program and the Tessera origin. */
export type EmbedDefaults = { programKey: string | null; apiBase: string; assetBase: string }

export const embedDefaults = signal<EmbedDefaults>({ programKey: null, apiBase: '', assetBase: '' })

export function configureEmbed(update: Partial<EmbedDefaults>) {
  embedDefaults.value = { ...embedDefaults.value, ...update }
}

/** The element's attributes, by name (null when absent). */
export type Attrs = Readonly<Record<string, string | null>>

export type Embed = { runtime: Runtime; program: PublicProgram; host: HTMLElement; attrs: Attrs }
const EmbedContext = createContext<Embed | null>(null)

export function useEmbed(): Embed {
  const embed = useContext(EmbedContext)
  if (!embed) throw Error('useEmbed: no widget root')
  return embed
}

/** The runtime for an element: its own `program` attribute, else the page's default program. */
export function runtimeFor(attrs: Attrs): Runtime | null {
  const { programKey, apiBase } = embedDefaults.value
  const key = attrs.program || programKey
  return key ? getRuntime({ programKey: key, apiBase }) : null
}

const brandingSheets = new Map<string, CSSStyleSheet | null>()

let programCss: typeof import('./program-css') | undefined

/**
 * The program's custom CSS (console branding) in a shadow root: its code is fetched only for a
 * program that has some (and stays to take a removed one out again).
 */
function applyProgramCss(root: ShadowRoot, program: PublicProgram) {
  if (programCss) return programCss.adoptProgramCss(root, program)
  if (!program.custom_css_widgets) return
  void import('./program-css').then((m) => {
    programCss = m
    if (root.host.isConnected) m.adoptProgramCss(root, program)
  })
}

/**
 * The program's branding as a `:host` rule in a constructed sheet: the server's ready declarations
 * (PublicProgram.widget_host_style, sdk/contract/branding.ts), so no element carries the branding
 * rules. A page's own rule on the element (`tessera-reward { --perk-primary: teal }`) wins over
 * `:host`, so partners can still restyle. Without constructable sheets the declarations go inline on
 * the host instead.
 */
function applyProgramBranding(host: HTMLElement, program: PublicProgram) {
  // An answer cached before the field existed has none: the stylesheet's defaults stay.
  const declarations = program.widget_host_style ?? ''
  const root = host.shadowRoot
  let sheet = brandingSheets.get(program.public_key)
  if (sheet === undefined) {
    sheet = null
    try {
      if (root && 'adoptedStyleSheets' in root) {
        sheet = new CSSStyleSheet()
        sheet.replaceSync(`:host{${declarations}}`)
      }
    } catch {
      sheet = null
    }
    brandingSheets.set(program.public_key, sheet)
  }
  if (sheet && root) {
    if (!root.adoptedStyleSheets.includes(sheet))
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
  } else host.style.cssText += `;${declarations}`
  if (root) applyProgramCss(root, program)
}

const fontsAdded = new Set<string>()

/**
 * The program's curated fonts (PublicProgram.font_faces, sdk/contract/fonts.ts) for the partner's
 * document: a shadow root uses the document's font faces, so they are added there through the FontFace
 * API, from the Tessera origin (font-display: swap; a face downloads only once text uses it), with the
 * local fallbacks scaled to them (font_fallbacks) that the host style's font stacks name. Pages the
 * worker serves (the iframe page) already have them as `@font-face` rules (#tessera-fonts).
 */
export function addProgramFonts(program: PublicProgram, origin: string, doc: Document = document) {
  if (fontsAdded.has(program.public_key) || typeof FontFace === 'undefined' || !doc.fonts) return
  fontsAdded.add(program.public_key)
  if (doc.getElementById('tessera-fonts')) return
  // size-adjust is a FontFace descriptor in every current browser, not yet in TypeScript's DOM types.
  const add = (family: string, source: () => string, descriptors: FontFaceDescriptors & { sizeAdjust?: string }) => {
    try {
      doc.fonts.add(new FontFace(family, source(), descriptors))
    } catch {
      // A font is a nicety: the system stack stays.
    }
  }
  for (const f of program.font_faces ?? []) add(f.family, () => `url(${new URL(f.url, origin).href}) format("woff2")`, { weight: f.weight, display: 'swap' })
  for (const f of program.font_fallbacks ?? [])
    add(f.family, () => f.src, { sizeAdjust: f.size_adjust, ascentOverride: f.ascent_override, descentOverride: f.descent_override, lineGapOverride: f.line_gap_override })
}

function Failure({ message }: { message: string }) {
  return (
    <p class="tw-notice" role="alert">
      {message}
    </p>
  )
}

/** A widget that fails renders a short notice; the partner page and the other widgets go on. */
function Boundary({ children }: { children: ComponentChildren }) {
  const [error] = useErrorBoundary((err) => console.error('Tessera widget error', err))
  return error ? <Failure message="This content could not be shown." /> : children
}

type RootProps = { host: HTMLElement; attrs: Attrs; View: ComponentType }

function ElementRoot({ host, attrs, View }: RootProps) {
  const runtime = runtimeFor(attrs)
  const program = runtime?.program.value ?? null
  useEffect(() => runtime?.loadProgram(), [runtime])
  useEffect(() => {
    if (!program) return
    applyProgramBranding(host, program)
    addProgramFonts(program, runtime?.apiBase || location.origin)
  }, [host, program, runtime])
  if (!runtime) return null // no program yet: the loader's init call will bring one
  if (runtime.programFailed.value) return <Failure message="This content is not available right now." />
  if (!program) return <Skeleton class="tw-loading" height={120} />
  return (
    <EmbedContext.Provider value={{ runtime, program, host, attrs }}>
      {/* Site components (the sign-in widget, challenge forms) read the program and client from here. */}
      <SiteContext.Provider value={{ program, client: runtime.client, session: runtime.session }}>
        <Boundary>
          <View />
        </Boundary>
      </SiteContext.Provider>
    </EmbedContext.Provider>
  )
}

let toaster: HTMLElement | null = null

/** A toast's drawing (icons, dismiss button) is fetched with the page's first toast. */
const LazyToastItem = lazyView(
  () => import('../ui/toast-item').then((m) => m.ToastItem),
  () => null,
)

/** One toast stack per page, in its own shadow root at the end of <body>. */
function ensureToaster() {
  if (toaster?.isConnected || !document.body) return
  toaster = document.createElement('tessera-toasts')
  const root = toaster.attachShadow({ mode: 'open' })
  adoptStyles(root, embedDefaults.value.assetBase)
  const container = document.createElement('div')
  container.className = 'tw-toasts' // sealed like .tw-root: nothing inherits from the page (embed.css)
  root.append(container)
  document.body.append(toaster)
  render(<Toaster item={LazyToastItem} />, container)
}

/**
 * Defines a custom element that renders its view in its own shadow root, with the widgets' stylesheets
 * and the program's branding. The view's code is fetched when the first such element connects
 * (`load`, a dynamic import: a page downloads only the elements it uses). Defining a tag twice (two
 * loaders on a page) is a no-op.
 */
export function defineWidgetElement(tag: string, load: ViewLoader, attributes: readonly string[] = []) {
  if (customElements.get(tag)) return
  const View = lazyView(load)
  const observed = ['program', ...attributes]
  class TesseraWidgetElement extends HTMLElement {
    static get observedAttributes() {
      return observed
    }
    private container: HTMLElement | null = null
    private stopDefaults: (() => void) | null = null

    connectedCallback() {
      try {
        const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' })
        adoptStyles(root, embedDefaults.value.assetBase)
        if (!this.container) {
          this.container = document.createElement('div')
          this.container.className = 'tw-root'
          root.append(this.container)
        }
        ensureToaster()
        // Re-render when init() brings the default program after the element appeared.
        this.stopDefaults ??= embedDefaults.subscribe(() => this.update())
      } catch (err) {
        console.error('Tessera widget error', err)
      }
    }

    disconnectedCallback() {
      this.stopDefaults?.()
      this.stopDefaults = null
      if (this.shadowRoot) releaseStyles(this.shadowRoot)
      if (this.container) render(null, this.container)
    }

    attributeChangedCallback() {
      if (this.isConnected && this.container) this.update()
    }

    private update() {
      if (!this.container) return
      const attrs: Record<string, string | null> = {}
      for (const name of observed) attrs[name] = this.getAttribute(name)
      try {
        render(<ElementRoot host={this} attrs={attrs} View={View} />, this.container)
      } catch (err) {
        console.error('Tessera widget error', err)
      }
    }
  }
  customElements.define(tag, TesseraWidgetElement)
}
