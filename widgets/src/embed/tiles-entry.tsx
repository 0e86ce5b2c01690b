/**
 * A bundle with <tessera-challenge-tiles> alone (dist/public/assets/tessera-tiles.js), for a partner
 * that shows only tiles (`data-bundle="tiles"` on the loader script); bench/size.ts holds it to 20 KB.
 */
import { scriptOrigin, widgetsApi } from './api'
import { configureEmbed, defineWidgetElement } from './mount'
import { ChallengeTilesView } from './views/challenge-tiles-view'

/** Tiles open their challenge on the hosted site: no sign-in form or challenge panels in this bundle. */
function TilesOnly() {
  return <ChallengeTilesView />
}

try {
  const script = document.currentScript
  const origin = scriptOrigin(script)
  configureEmbed({
    apiBase: origin,
    assetBase: origin,
    programKey: (script as HTMLScriptElement | null)?.dataset.program || null,
  })
  defineWidgetElement('tessera-challenge-tiles', TilesOnly, ['limit'])
  ;(window as unknown as { TesseraWidgets: typeof widgetsApi }).TesseraWidgets = widgetsApi
} catch (err) {
  console.error('Tessera widgets could not start', err)
}
