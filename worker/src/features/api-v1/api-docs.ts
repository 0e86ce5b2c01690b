import { Hono } from 'hono'
import { consoleOrigin } from '../../lib/origin'
import { buildApiV1OpenApi, type ApiV1OpenApi, PARTICIPANT_API_TAG } from '../../../../sdk/contract/api-v1/openapi'
import type { AppEnv } from '../../env'

/**
 * GET /api/docs: the interactive reference of `/api/v1`, rendered on the server from the same OpenAPI
 * document as /api/v1/openapi.json (docs/decisions/0025-server-api-v1.md, "Reference page"). Every
 * operation shows its parameters, body and answers, a curl example and a "Try it" form; the page's
 * one script (/api/docs/docs.js, same origin) sends those forms with the API key typed on the page,
 * which stays in the page's memory. No third-party host, no inline code: CSP in api-docs-csp.ts.
 */

type Schema = Record<string, any>
type Doc = ApiV1OpenApi & { paths: Record<string, Record<string, any>> }

const esc = (s: unknown) => String(s).replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)
/** `code` spans in descriptions (the contract's descriptions use backticks), everything else escaped. */
const prose = (s: unknown) => esc(s ?? '').replace(/`([^`]+)`/g, '<code>$1</code>')

function deref(doc: Doc, s: Schema | undefined): [Schema, string | null] {
  if (s?.$ref) {
    const name = String(s.$ref).split('/').pop()!
    return [(doc.components.schemas as Record<string, Schema>)[name] ?? {}, name]
  }
  return [s ?? {}, null]
}

function typeOf(doc: Doc, s: Schema): string {
  const [r, name] = deref(doc, s)
  if (name) return `<a href="#schema-${esc(name)}">${esc(name)}</a>`
  if (r.const !== undefined) return `<code>${esc(JSON.stringify(r.const))}</code>`
  if (r.enum) return r.enum.map((v: unknown) => `<code>${esc(JSON.stringify(v))}</code>`).join(' | ')
  if (r.anyOf) return r.anyOf.map((x: Schema) => typeOf(doc, x)).join(' | ')
  const types = Array.isArray(r.type) ? r.type : [r.type ?? 'any']
  return types.map((t: string) => (t === 'array' ? `${typeOf(doc, r.items ?? {})}[]` : esc(t))).join(' | ')
}

function limits(s: Schema): string {
  const out: string[] = []
  if (s.format) out.push(s.format)
  if (s.minimum !== undefined && s.minimum > -1e15) out.push(`≥ ${s.minimum}`)
  if (s.maximum !== undefined && s.maximum < 1e15) out.push(`≤ ${s.maximum}`)
  if (s.minLength) out.push(`min length ${s.minLength}`)
  if (s.maxLength) out.push(`max length ${s.maxLength}`)
  if (s.default !== undefined) out.push(`default ${JSON.stringify(s.default)}`)
  return out.join(', ')
}

function fieldsTable(doc: Doc, schema: Schema): string {
  const [s] = deref(doc, schema)
  const props = Object.entries((s.properties ?? {}) as Record<string, Schema>)
  if (!props.length) return `<p class="type">${typeOf(doc, schema)}</p>`
  const required = new Set<string>(s.required ?? [])
  const rows = props.map(([name, p]) => {
    const [r] = deref(doc, p)
    const note = [limits(r), r.description ? prose(r.description) : ''].filter(Boolean).join(' · ')
    return `<tr><td><code>${esc(name)}</code>${required.has(name) ? ' <span class="req">required</span>' : ''}</td><td>${typeOf(doc, p)}</td><td>${note}</td></tr>`
  })
  return `<table><thead><tr><th>Field</th><th>Type</th><th>Notes</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
}

/** An example value from a schema (request bodies of the Try it forms and the curl lines). */
function example(doc: Doc, schema: Schema, depth = 0): unknown {
  const [s] = deref(doc, schema)
  if (depth > 4) return null
  if (s.const !== undefined) return s.const
  if (s.enum) return s.enum[0]
  if (s.default !== undefined) return s.default
  if (s.anyOf) return example(doc, s.anyOf[0], depth + 1)
  const type = Array.isArray(s.type) ? s.type[0] : s.type
  if (type === 'object') {
    const required = new Set<string>(s.required ?? [])
    const entries = Object.entries((s.properties ?? {}) as Record<string, Schema>)
    const chosen = entries.filter(([name]) => required.has(name) || entries.length <= 4)
    return Object.fromEntries(chosen.map(([name, p]) => [name, example(doc, p, depth + 1)]))
  }
  if (type === 'array') return [example(doc, s.items ?? {}, depth + 1)]
  if (type === 'integer' || type === 'number') return s.minimum !== undefined && s.minimum > 0 ? s.minimum : 1
  if (type === 'boolean') return true
  if (s.format === 'email') return 'ana@example.com'
  return 'string'
}

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete']

/** How Try it signs a call: the API key typed on the page, the participant fields (program key, session token), or nothing. */
const authOf = (op: Schema): 'key' | 'participant' | 'none' => ((op.tags ?? []).includes(PARTICIPANT_API_TAG) ? 'participant' : op.security?.length === 0 ? 'none' : 'key')

function operationHtml(doc: Doc, origin: string, path: string, method: string, op: Schema): string {
  const id = esc(op.operationId)
  const params = (op.parameters ?? []) as Schema[]
  const paramRows = params.map(
    (p) =>
      `<tr><td><code>${esc(p.name)}</code>${p.required ? ' <span class="req">required</span>' : ''}</td><td>${esc(p.in)}</td><td>${typeOf(doc, p.schema ?? {})}</td><td>${[limits(p.schema ?? {}), prose(p.description ?? p.schema?.description ?? '')].filter(Boolean).join(' · ')}</td></tr>`,
  )
  const body = op.requestBody?.content?.['application/json']?.schema as Schema | undefined
  const upload = op.requestBody?.content?.['multipart/form-data']?.schema as Schema | undefined
  const bodyExample = body ? JSON.stringify(example(doc, body), null, 2) : ''
  const responses = Object.entries(op.responses as Record<string, Schema>).map(([status, r]) => {
    const schema = r.content?.['application/json']?.schema as Schema | undefined
    return `<tr><td><code>${esc(status)}</code></td><td>${prose(r.description)}</td><td>${schema ? typeOf(doc, schema) : ''}</td></tr>`
  })
  const auth = authOf(op)
  const signedIn = auth === 'participant' && op.security?.length > 0
  const curl = [
    `curl -X ${method.toUpperCase()} '${origin}${path}'`,
    ...(auth === 'key' ? [`  -H 'Authorization: Bearer tsk_...'`] : []),
    ...(auth === 'participant' ? [`  -H 'X-Program-Key: PROGRAM_PUBLIC_KEY' -H 'X-Tessera-Session: token'`] : []),
    ...(signedIn ? [`  -H 'Authorization: Bearer SESSION_TOKEN'`] : []),
    ...params.filter((p) => p.in === 'header' && (p.required || p.name === 'Idempotency-Key')).map((p) => `  -H '${p.name}: ${p.name === 'Idempotency-Key' ? 'order-1001' : '...'}'`),
    ...(body ? [`  -H 'Content-Type: application/json'`, `  -d '${JSON.stringify(example(doc, body))}'`] : []),
  ].join(' \\\n')
  const inputs = params.map(
    (p) =>
      `<label>${esc(p.name)} <small>${esc(p.in)}${p.required ? ', required' : ''}</small><input data-in="${esc(p.in)}" name="${esc(p.name)}" ${p.required && p.in === 'path' ? 'required' : ''} autocomplete="off"></label>`,
  )
  return `<section class="op" id="op-${id}">
<h3><span class="m m-${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>
<p>${prose(op.summary)}${auth === 'participant' ? ` <span class="badge">${op.security?.length === 0 ? 'signed out' : op.security?.some((x: Schema) => !Object.keys(x).length) ? 'signed in or out' : 'signed in'}</span>` : ''}</p>
${paramRows.length ? `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Notes</th></tr></thead><tbody>${paramRows.join('')}</tbody></table>` : ''}
${body ? `<h4>Body${op.requestBody.required ? '' : ' (optional)'}</h4>${fieldsTable(doc, body)}` : ''}${upload ? `<h4>Body <small>multipart/form-data</small></h4>${fieldsTable(doc, upload)}` : ''}
<h4>Answers</h4><table><thead><tr><th>Status</th><th>Meaning</th><th>Body</th></tr></thead><tbody>${responses.join('')}</tbody></table>
<details><summary>curl</summary><pre>${esc(curl)}</pre></details>
<form class="try" data-method="${esc(method.toUpperCase())}" data-path="${esc(path)}" data-auth="${auth}">
<h4>Try it</h4>${inputs.join('')}
${body ? `<label>Body <small>application/json</small><textarea name="body" rows="${Math.min(12, bodyExample.split('\n').length + 1)}" spellcheck="false">${esc(bodyExample)}</textarea></label>` : ''}
<button type="submit">Send</button><output></output>
</form>
</section>`
}

export function renderApiDocs(origin: string): string {
  const doc = buildApiV1OpenApi(origin) as Doc
  const ops = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod)
      .sort(([a], [b]) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b))
      .map(([method, op]) => ({ path, method, op: op as Schema })),
  )
  // One section per tag: the server API, then the participant API.
  const sections = doc.tags.map((tag, i) => ({ tag, id: `tag-${i}`, ops: ops.filter(({ op }) => (op.tags ?? [doc.tags[0]!.name]).includes(tag.name)) }))
  const navItem = ({ path, method, op }: (typeof ops)[number]) =>
    `<li><a href="#op-${esc(op.operationId)}"><span class="m m-${esc(method)}">${esc(method.toUpperCase())}</span> ${esc(path.replace('/api/v1', ''))}</a></li>`
  const nav = sections.map((s) => `<li class="group"><a href="#${s.id}">${esc(s.tag.name)}</a><ul>${s.ops.map(navItem).join('')}</ul></li>`).join('')
  const schemas = Object.entries(doc.components.schemas as Record<string, Schema>)
    .map(([name, s]) => `<section class="schema" id="schema-${esc(name)}"><h3>${esc(name)}</h3>${fieldsTable(doc, s)}</section>`)
    .join('')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info.title)} reference</title><link rel="stylesheet" href="/api/docs/docs.css"><script src="/api/docs/docs.js" defer></script></head>
<body><nav aria-label="Operations"><p class="brand">${esc(doc.info.title)} <small>${esc(doc.info.version)}</small></p><ul>${nav}</ul><p><a href="#schemas">Schemas</a> · <a href="/api/v1/openapi.json">openapi.json</a></p></nav>
<main><h1>${esc(doc.info.title)}</h1><p>${prose(doc.info.description)}</p>
<p>Base URL: <code>${esc(origin)}</code>. Every answer has a <code>Request-Id</code> header.</p>
<form id="auth" autocomplete="off"><fieldset><legend>Try it credentials <small>kept in this page only</small></legend>
<label>API key (server API)<input type="password" name="key" placeholder="tsk_..." autocomplete="off" spellcheck="false"></label>
<label>Program public key (participant API)<input name="program" placeholder="demo" autocomplete="off" spellcheck="false"></label>
<label>Participant session token (participant API)<input type="password" name="session" autocomplete="off" spellcheck="false"></label></fieldset></form>
${sections.map((s) => `<h2 id="${s.id}">${esc(s.tag.name)}</h2><p>${prose(s.tag.description)}</p>${s.ops.map(({ path, method, op }) => operationHtml(doc, origin, path, method, op)).join('\n')}`).join('\n')}
<h2 id="schemas">Schemas</h2>${schemas}</main></body></html>`
}

const DOCS_CSS = `:root{color-scheme:dark;--bg:#111318;--panel:#1a1d24;--line:#2c313c;--text:#e6e8ee;--dim:#9aa3b2;--accent:#7cc4ff}
*{box-sizing:border-box}body{margin:0;display:grid;grid-template-columns:minmax(220px,280px) 1fr;background:var(--bg);color:var(--text);font:15px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif}
nav{position:sticky;top:0;height:100vh;overflow:auto;padding:16px;border-right:1px solid var(--line);background:var(--panel)}nav ul{list-style:none;padding:0;margin:0}nav li a{display:block;padding:4px 0;color:var(--text);text-decoration:none;font-size:13px;word-break:break-all}
.brand{font-weight:600}main{padding:24px;max-width:1000px;min-width:0;overflow-wrap:anywhere}a{color:var(--accent)}code,pre,textarea,input{font-family:ui-monospace,SFMono-Regular,Menlo,monospace}
pre{background:var(--panel);border:1px solid var(--line);padding:12px;overflow:auto;white-space:pre-wrap;word-break:break-all}
table{width:100%;border-collapse:collapse;margin:8px 0;font-size:14px}th,td{border-bottom:1px solid var(--line);padding:6px;text-align:left;vertical-align:top;overflow-wrap:anywhere}th{color:var(--dim);font-weight:500}
.op,.schema{border:1px solid var(--line);border-radius:8px;padding:16px;margin:16px 0;background:#15181e}.op h3{margin-top:0;word-break:break-all}
.m{display:inline-block;min-width:44px;padding:0 6px;border-radius:4px;font-size:12px;font-weight:700;text-align:center;color:#0b0d10}.m-get{background:#7cc4ff}.m-post{background:#8fe3a1}
.req{color:#ffb86b;font-size:12px}.badge{font-size:12px;color:var(--dim);border:1px solid var(--line);border-radius:4px;padding:0 6px}nav .group>a{font-weight:600;margin-top:8px}fieldset{border:1px solid var(--line);border-radius:8px;padding:8px 16px}legend{padding:0 4px}label{display:block;margin:8px 0;font-size:14px}label small{color:var(--dim)}
input,textarea{display:block;width:100%;margin-top:4px;padding:8px;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--text)}
button{margin-top:8px;padding:8px 16px;border:0;border-radius:6px;background:var(--accent);color:#0b0d10;font-weight:600;cursor:pointer}button:focus-visible,input:focus-visible,textarea:focus-visible,a:focus-visible{outline:2px solid #fff;outline-offset:2px}
output{display:block;margin-top:8px}output pre{max-height:360px}
@media (max-width:760px){body{display:block}nav{position:static;height:auto;border-right:0;border-bottom:1px solid var(--line)}main{padding:16px}}`

/** Sends a Try it form: path parameters into the path, query ones into the query, headers as headers. */
const DOCS_JS = `'use strict'
document.addEventListener('submit', async (event) => {
  const form = event.target
  if (!(form instanceof HTMLFormElement)) return
  event.preventDefault()
  if (!form.classList.contains('try')) return
  const out = form.querySelector('output')
  let path = form.dataset.path
  const query = new URLSearchParams()
  const headers = new Headers()
  for (const input of form.querySelectorAll('input[data-in]')) {
    const value = input.value.trim()
    if (!value) continue
    if (input.dataset.in === 'path') path = path.replace('{' + input.name + '}', encodeURIComponent(value))
    else if (input.dataset.in === 'query' && input.name.endsWith('[]')) for (const v of value.split(',')) query.append(input.name, v.trim())
    else if (input.dataset.in === 'query') query.set(input.name, value)
    else headers.set(input.name, value)
  }
  const auth = (name) => document.querySelector('#auth input[name=' + name + ']').value.trim()
  if (form.dataset.auth === 'key' && auth('key')) headers.set('Authorization', 'Bearer ' + auth('key'))
  if (form.dataset.auth === 'participant') {
    // As an embedded widget does: a token client (no cookies, no CSRF token), the program by its key.
    headers.set('X-Tessera-Session', 'token')
    if (auth('program')) headers.set('X-Program-Key', auth('program'))
    if (auth('session')) headers.set('Authorization', 'Bearer ' + auth('session'))
  }
  const textarea = form.querySelector('textarea[name=body]')
  const init = { method: form.dataset.method, headers }
  if (textarea && textarea.value.trim()) {
    headers.set('Content-Type', 'application/json')
    init.body = textarea.value
  }
  out.textContent = 'Sending...'
  try {
    const res = await fetch(path + (query.size ? '?' + query : ''), init)
    const text = await res.text()
    let shown = text
    try { shown = JSON.stringify(JSON.parse(text), null, 2) } catch {}
    const pre = document.createElement('pre')
    pre.textContent = res.status + ' ' + res.statusText + '\\nRequest-Id: ' + (res.headers.get('request-id') || '') + '\\n\\n' + shown
    out.replaceChildren(pre)
  } catch (err) {
    out.textContent = 'Request failed: ' + err
  }
})
`

let cached: { origin: string; html: string } | undefined

export const apiDocsRoutes = new Hono<AppEnv>()
  .get('/docs', (c) => {
    // Absolute URLs (the curl lines, the document's server) come from configuration, not the request.
    const origin = consoleOrigin(c.get('deps').config)
    if (cached?.origin !== origin) cached = { origin, html: renderApiDocs(origin) }
    return c.body(cached.html, 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=300' })
  })
  .get('/docs/docs.css', (c) => c.body(DOCS_CSS, 200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'public, max-age=300' }))
  .get('/docs/docs.js', (c) => c.body(DOCS_JS, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=300' }))
