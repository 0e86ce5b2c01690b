/**
 * The iframe page (/embed/{widget}?program=KEY&..., widgets/embed.html): the same element as the
 * script-tag mode, alone in the page, connected to the parent by the bridge. Authentication is a token
 * in this frame's storage, never a cookie (third-party cookies are blocked).
 */
import { connectToParent, elementAttributes, parseFrameBootstrap } from './bridge'
import { defineElements, ELEMENTS } from './elements'
import { connectBlockedStorage, storageBlocked, deferLocalStorage } from './frame-storage'
import { configureEmbed } from './mount'
import { getRuntime } from './runtime'
import './iframe.css'

function start() {
  const app = document.getElementById('app')!
  const bootstrap = parseFrameBootstrap(document.getElementById('tessera-bootstrap')?.textContent)
  const tag = bootstrap ? `tessera-${bootstrap.widget}` : ''
  if (!bootstrap || !ELEMENTS[tag]) {
    app.textContent = 'This widget does not exist.'
    return
  }
  const key = bootstrap.program.public_key
  configureEmbed({ programKey: key, apiBase: '', assetBase: '' })
  // Third-party storage denied (private windows, blocked third-party cookies): this frame's
  // localStorage becomes the one storage access grants, empty until then; the console says so, and the
  // session is shared in memory with the page's other frames (frame-storage.ts).
  const blocked = storageBlocked() ? deferLocalStorage() : null
  // Seeded with the page's program: no second request for it.
  const runtime = getRuntime({ programKey: key, apiBase: '', program: bootstrap.program })
  if (blocked) connectBlockedStorage(runtime, blocked)
  defineElements()

  const element = document.createElement(tag)
  for (const [name, value] of elementAttributes(bootstrap.params)) element.setAttribute(name, value)
  app.append(element)
  connectToParent(element, app, runtime)
}

try {
  start()
} catch (err) {
  console.error('Tessera widget could not start', err)
}
