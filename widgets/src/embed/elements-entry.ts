/**
 * The widget module the loader injects (dist/public/assets/tessera-elements.js, an ES module): defines
 * every custom element, each fetching its own view when first used, and hands the loader its API. The
 * Tessera origin is where this module came from.
 */
import { widgetsApi } from './api'
import { defineElements } from './elements'
import { configureEmbed } from './mount'

try {
  const origin = new URL(import.meta.url).origin
  configureEmbed({ apiBase: origin, assetBase: origin })
  defineElements()
  ;(window as unknown as { TesseraWidgets: typeof widgetsApi }).TesseraWidgets = widgetsApi
} catch (err) {
  console.error('Tessera widgets could not start', err)
}
