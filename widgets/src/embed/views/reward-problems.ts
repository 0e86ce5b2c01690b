// What the console tells the partner's developer about a badly configured <tessera-reward>
// (reward-view.tsx fetches this module when there is something to tell). Imports nothing of the view:
// a chunk fetched later that imported the view's chunk would change how the build splits it.

/** reward-view.tsx's isRewardId: a whole number above zero, as the attribute's text. */
const isRewardId = (raw: string) => /^\s*[1-9]\d*\s*$/.test(raw)

/** The console message for a badly configured <tessera-reward>, or null when it is fine. */
export function rewardIdProblem(raw: string | null | undefined, unknown: boolean, programKey: string): string | null {
  if (raw == null || raw.trim() === '')
    return 'Tessera: <tessera-reward> needs a reward-id attribute (the id of an active reward)'
  if (!isRewardId(raw))
    return `Tessera: <tessera-reward reward-id="${raw}">: reward-id must be a reward's id, a whole number (the id of an active reward)`
  if (unknown)
    return `Tessera: <tessera-reward reward-id="${raw.trim()}">: program "${programKey}" has no active reward with that id; check the reward-id attribute`
  return null
}

const logged = new WeakMap<Element, Set<string>>()

export function logOnce(host: Element, message: string) {
  const seen = logged.get(host) ?? new Set<string>()
  logged.set(host, seen)
  if (seen.has(message)) return
  seen.add(message)
  console.error(message, host)
}
