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
  readonly #admits: boolean
  /** Keys seen once, newest first: when the newer set is full it becomes the older, and the older is forgotten. */
  #seenOnce: [Set<string>, Set<string>] = [new Set(), new Set()]
  readonly #maxSeenPerSet: number

  constructor(maxEntries: number, maxChars: number, options: LruOptions = {}) {
    // lru-cache counts no entry as size 0: an empty value counts as one character.
    this.#cache = new LRUCache({ max: maxEntries, maxSize: maxChars, sizeCalculation: (v) => v.length || 1 })
    this.#admits = options.admitOnSecondSet ?? false
    // A key asked for again only after more new keys than the cache holds entries would have been evicted before
    // its third request: remembering it longer would only let a walk over many keys evict what is asked for often.
    // Forgetting the older half at a time, not every key at once, lets a key seen just before the turn still count.
    this.#maxSeenPerSet = Math.max(1, Math.ceil(maxEntries / 2))
  }

  get(key: string): V | undefined {
    return this.#cache.get(key)
  }

  /**
   * Keeps `value` under `key` and returns it; a function in its place is called only when the value is kept, to make
   * it. Returns undefined when the admission rule only noted the key.
   */
  set(key: string, value: V | (() => V)): V | undefined {
    if (this.#admits && !this.#seenBefore(key)) return undefined
    const kept = typeof value === 'function' ? value() : value
    this.#cache.set(key, kept)
    return kept
  }

  clear(): void {
    this.#cache.clear()
    this.#seenOnce = [new Set(), new Set()]
  }

  /** Whether `key` was seen once already (and is now admitted); if not, notes it. */
  #seenBefore(key: string): boolean {
    const [newer, older] = this.#seenOnce
    if (newer.delete(key) || older.delete(key)) return true
    if (newer.size >= this.#maxSeenPerSet) this.#seenOnce = [new Set([key]), newer]
    else newer.add(key)
    return false
  }

  /** Entries and characters (or bytes) held, for /metrics and the memory figures. */
  get stats(): { entries: number; chars: number } {
    return { entries: this.#cache.size, chars: this.#cache.calculatedSize }
  }
}
