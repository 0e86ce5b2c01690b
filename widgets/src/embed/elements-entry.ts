/**
 * The widget bundle the loader injects (dist/public/assets/tessera-elements.js): defines every custom
 * element and hands the loader its API. The Tessera origin is where this script came from.
 */
import { scriptOrigin, widgetsApi } from './api'
import { defineElements } from './elements'
import { configureEmbed } from './mount'

try {
  const script = document.currentScript
  const origin = scriptOrigin(script)
  configureEmbed({
    apiBase: origin,
    assetBase: origin,
    programKey: (script as HTMLScriptElement | null)?.dataset.program || null,
  })
  defineElements()
  ;(window as unknown as { TesseraWidgets: typeof widgetsApi }).TesseraWidgets = widgetsApi
} catch (err) {
  console.error('Tessera widgets could not start', err)
}
