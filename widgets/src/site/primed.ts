/**
 * Answers the page came with (the bootstrap's `primed`, by GET path: a visitor's home,
 * worker/src/features/site/primed.ts), each handed out once: a first render needs no round trip, a
 * later load asks the server again. The site's own store, so the SDK and partner pages' widgets carry
 * none of it.
 */
let answers: Record<string, unknown> = {}

/** Keeps the page's answers (main.tsx, once). */
export function setPrimed(primed: Record<string, unknown> | undefined) {
  answers = { ...primed }
}

/**
 * The answer the page came with for a GET `path`, once; undefined when it came without one (or it was
 * taken already).
 * @example const slides = takePrimed<{ data: Slide[] }>(visitorHomeRoutes.carousel)?.data
 */
export function takePrimed<T>(path: string): T | undefined {
  if (!Object.hasOwn(answers, path)) return undefined
  const answer = answers[path] as T
  delete answers[path]
  return answer
}
