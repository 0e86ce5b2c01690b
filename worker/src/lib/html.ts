import { escapeHtml } from '../features/signin/mail-templates'

/** A small server-rendered page (magic-link confirmations, dev mailbox, fallbacks). */
export function simplePage(opts: { title: string; csrfToken?: string; body: string }): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
${opts.csrfToken ? `<meta name="csrf-token" content="${escapeHtml(opts.csrfToken)}">` : ''}<title>${escapeHtml(opts.title)}</title>
<style>
:root{color-scheme:light dark;--primary:#4f46e5}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;background:#f4f4f7;color:#1d1d26;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:16px;padding:32px;max-width:440px;width:calc(100% - 48px);box-shadow:0 8px 32px rgba(0,0,0,.08)}
h1{font-size:24px;line-height:1.25;margin:0 0 12px}p{margin:0 0 16px;color:#4a4a57}
button,.button{display:inline-block;background:var(--primary);color:#fff;border:0;border-radius:10px;padding:12px 20px;font:600 16px system-ui;cursor:pointer;text-decoration:none}
table{border-collapse:collapse;width:100%;font-size:14px}td,th{border-bottom:1px solid #e4e4ea;padding:8px;text-align:left;vertical-align:top}
pre{white-space:pre-wrap;margin:0;font-size:13px}
@media (prefers-color-scheme:dark){body{background:#111118;color:#ececf1}main{background:#1b1b24}p{color:#b4b4c0}td,th{border-color:#2c2c38}}
</style></head><body>${opts.body}</body></html>`
}

/** JSON for a `<script type="application/json">` block: `<` escaped so it cannot close the tag. */
export const jsonForHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

export { escapeHtml }
