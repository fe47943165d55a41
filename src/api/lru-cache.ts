import { LRUCache } from 'lru-cache'

/** Options of {@link LruCache}. */
export interface LruOptions {
  /**
   * Keep a value only when its key is set the second time: a stream of keys asked for once (a client walking all
   * homes) then passes by instead of evicting what is asked for again, and makes no garbage for the collector.
   */
  readonly admitOnSecondSet?: boolean
}

/**
 * A cache of strings or buffers bounded by entry count and total size (characters or bytes: their `length`), least
 * recently used out first (the `lru-cache` package), with an optional admission rule in front of it. A value larger
 * than the whole cache is not kept.
 */
export class LruCache<V extends string | Buffer> {
  readonly #cache: LRUCache<string, V>
  readonly #seenOnce: Set<string> | undefined
  readonly #maxSeen: number

  constructor(maxEntries: number, maxChars: number, options: LruOptions = {}) {
    // lru-cache counts no entry as size 0: an empty value counts as one character.
    this.#cache = new LRUCache({ max: maxEntries, maxSize: maxChars, sizeCalculation: (v) => v.length || 1 })
    this.#seenOnce = options.admitOnSecondSet ? new Set() : undefined
    // A key asked for again only after more new keys than the cache holds entries would have been evicted before
    // its third request: remembering it longer would only let a walk over many keys evict what is asked for often.
    this.#maxSeen = maxEntries
  }

  get(key: string): V | undefined {
    return this.#cache.get(key)
  }

  /**
   * Keeps `value` under `key` and returns it; a function in its place is called only when the value is kept, to make
   * it. Returns undefined when the admission rule only noted the key.
   */
  set(key: string, value: V | (() => V)): V | undefined {
    const seen = this.#seenOnce
    if (seen && !seen.delete(key)) {
      // Keys only, bounded: forgetting them all now and then merely delays an admission.
      if (seen.size >= this.#maxSeen) seen.clear()
      seen.add(key)
      return undefined
    }
    const kept = typeof value === 'function' ? value() : value
    this.#cache.set(key, kept)
    return kept
  }

  clear(): void {
    this.#cache.clear()
    this.#seenOnce?.clear()
  }

  /** Entries and characters (or bytes) held, for /metrics and the memory figures. */
  get stats(): { entries: number; chars: number } {
    return { entries: this.#cache.size, chars: this.#cache.calculatedSize }
  }
}
