/**
 * Writes still in flight when the participant navigates away (a social post view recorded on leaving
 * the viewer). Pages that read the same data wait for them first, so they never show stale state.
 */
const inflight = new Set<Promise<unknown>>()

/** Tracks a write until it settles; returns the same promise. */
export function trackWrite<T>(write: Promise<T>): Promise<T> {
  inflight.add(write)
  const done = () => inflight.delete(write)
  write.then(done, done)
  return write
}

/** Resolves once every tracked write has settled (at once when there are none). */
export const writesSettled = (): Promise<unknown> =>
  inflight.size ? Promise.allSettled([...inflight]) : Promise.resolve()
