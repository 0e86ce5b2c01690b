/**
 * Visit tracking for the Program visits card (admin-console-part-a.md section 7: /ahoy/visits and
 * /ahoy/events, cookies off). Called once per page load by the hosted site and by the widgets' runtime.
 * A random visit token lives in sessionStorage, one per tab and program, so reloads and pages of the
 * same tab are one visit; the first page of a tab posts the visit with its `view` event, every later
 * page its `view` event. The calls are text/plain with the program in the query and no credentials:
 * simple requests, no CORS preflight, no cookie either way. Failures are ignored: tracking never gets
 * in a page's way.
 */
export function trackVisit(apiBase: string, programKey: string, surface: 'site' | 'widget' | 'iframe') {
  try {
    const key = `tessera:${programKey}:visit`
    let token: string | null = null
    try {
      token = sessionStorage.getItem(key)
    } catch {}
    const fresh = !token
    if (!token) {
      // randomUUID needs a secure context; plain http pages (local development) get a weaker token.
      token = crypto.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
      try {
        sessionStorage.setItem(key, token)
      } catch {}
    }
    const events = [{ name: 'view', properties: { page: location.pathname.slice(0, 2000) } }]
    // A tab's first page starts the visit with its view (one call); every later page sends its view.
    // The events call starts the visit too if the first one was lost: only the landing page is lost.
    fetch(`${apiBase}/ahoy/${fresh ? 'visits' : 'events'}?program=${encodeURIComponent(programKey)}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(
        fresh ? { visit_token: token, landing_page: location.href.slice(0, 2000), referrer: document.referrer.slice(0, 2000), surface, events } : { visit_token: token, events },
      ),
      credentials: 'omit',
      keepalive: true,
    }).catch(() => {})
  } catch {}
}
