/** The interactive reference of the server API (features/api-v1/api-docs.ts). */
export const API_DOCS_PATH = '/api/docs'

/**
 * Its Content-Security-Policy: its own stylesheet and script from this origin, `fetch` to this origin
 * (the "Send" buttons call /api/v1), nothing else: no inline code, no third-party host, no framing.
 */
export const API_DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'"
