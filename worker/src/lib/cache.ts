/**
 * A small in-process TTL cache (per isolate on Workers, per process under Node) for data that many
 * requests read and few change: programs by host or key, public challenge content. Entries expire
 * after `ttlMs`; writers call `clear()` for immediate effect in this instance.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>()
  constructor(
    private readonly ttlMs: number,
    private readonly max = 1000,
  ) {}

  async get(key: string, load: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return load()
    const now = Date.now()
    const hit = this.entries.get(key)
    if (hit && hit.expires > now) return hit.value
    const value = await load()
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string)
    this.entries.set(key, { value, expires: now + this.ttlMs })
    return value
  }

  clear() {
    this.entries.clear()
  }
}

/**
 * One Map per owner object (an app's deps, a database handle), made on first use and dropped with its
 * owner: how the app keeps per-instance state without globals that outlive a test's app.
 */
export function mapPerOwner<K, V>(): (owner: object) => Map<K, V> {
  const maps = new WeakMap<object, Map<K, V>>()
  return (owner) => {
    let map = maps.get(owner)
    if (!map) {
      map = new Map()
      maps.set(owner, map)
    }
    return map
  }
}

const cachesOf = mapPerOwner<string, TtlCache<unknown>>()

/** The named cache of one app instance (its deps), with the configured TTL. */
export function appCache<V>(deps: { config: { cacheTtlMs: number } }, name: string): TtlCache<V> {
  const caches = cachesOf(deps)
  let cache = caches.get(name)
  if (!cache) {
    cache = new TtlCache<unknown>(deps.config.cacheTtlMs)
    caches.set(name, cache)
  }
  return cache as TtlCache<V>
}
