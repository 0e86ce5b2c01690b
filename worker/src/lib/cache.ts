/**
 * A small in-process TTL cache (per isolate on Workers, per process under Node) for data that many
 * requests read and few change: programs by host or key, public challenge content. Entries expire
 * after `ttlMs`; writers call `clear()` for immediate effect in this instance.
 *
 * An expired entry is reloaded by one request: the requests that arrive while that reload runs keep
 * the value the entry has (for the few milliseconds of one load) instead of each running the same
 * load. Without that, every expiry under load was a stampede: with 50 requests in flight, 50 identical
 * reloads (bench:workerd counted 0.04 to 0.13 extra D1 statements per request). They do not wait on
 * the reloading request's promise, which on Workers would tie one request to another's I/O; and a reload
 * that has not finished within one TTL (its request was cancelled) is taken over by the next request.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number; reloadingSince: number }>()
  constructor(
    private readonly ttlMs: number,
    private readonly max = 1000,
  ) {}

  async get(key: string, load: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return load()
    const now = Date.now()
    const hit = this.entries.get(key)
    if (hit) {
      if (hit.expires > now || now - hit.reloadingSince < this.ttlMs) return hit.value
      hit.reloadingSince = now
    }
    let value: V
    try {
      value = await load()
    } catch (err) {
      if (hit) hit.reloadingSince = 0
      throw err
    }
    if (!this.entries.has(key) && this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string)
    this.entries.set(key, { value, expires: now + this.ttlMs, reloadingSince: 0 })
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
