/**
 * Money is kept in cents: 2900 -> "$29.00". Apart from ui/format.ts: only the payment widgets show
 * money, and the elements' core chunk (which has ui/format) stays without it (vite.embed.config.ts).
 */
export const formatUsd = (cents: number) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' })
