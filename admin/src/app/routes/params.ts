/**
 * Numeric path params: the route does not match anything else ('programs/abc' is a 404), and
 * components get numbers. Link and navigate take numbers too.
 */
export const numericParam = <K extends string>(key: K) => ({
  parse: (raw: Record<K, string>) => (/^\d{1,15}$/.test(raw[key]) ? ({ [key]: Number(raw[key]) } as Record<K, number>) : false as const),
  stringify: (params: Record<K, number>) => ({ [key]: String(params[key]) }) as Record<K, string>,
})
