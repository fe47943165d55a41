/** Options of {@link LruCache}. */
export interface LruOptions {
  /**
   * Keep a value only when its key is set the second time: a stream of keys asked for once (a client walking all
   * homes) then passes by instead of evicting what is asked for again, and makes no garbage for the collector.
   */
  readonly admitOnSecondSet?: boolean
}

/**
 * A cache of strings or buffers bounded by entry count and total size (characters or bytes: their `length`),
 * evicting the least recently used in two generations: new and recently read entries go to the recent map; when it
 * is full it becomes the older one and the previous older one is dropped whole, and a read from the older map moves
 * the entry back. Every operation is O(1), where a strict LRU on one Map needs a delete and a re-insert per read and
 * walks past deleted slots to find the oldest.
 */
export class LruCache<V extends string | Buffer> {
  #recent = new Map<string, V>()
  #older = new Map<string, V>()
  #recentChars = 0
  #olderChars = 0
  readonly #generationEntries: number
  readonly #generationChars: number
  readonly #maxChars: number
  readonly #seenOnce: Set<string> | undefined
  readonly #maxSeen: number

  constructor(maxEntries: number, maxChars: number, options: LruOptions = {}) {
    this.#generationEntries = Math.max(1, Math.floor(maxEntries / 2))
    this.#generationChars = maxChars / 2
    this.#maxChars = maxChars
    this.#seenOnce = options.admitOnSecondSet ? new Set() : undefined
    this.#maxSeen = 4 * maxEntries
  }

  get(key: string): V | undefined {
    const value = this.#recent.get(key)
    if (value !== undefined) return value
    const old = this.#older.get(key)
    if (old !== undefined) {
      this.#older.delete(key)
      this.#olderChars -= old.length
      this.#add(key, old)
    }
    return old
  }

  set(key: string, value: V): void {
    const seen = this.#seenOnce
    if (seen && !seen.delete(key)) {
      // Keys only, bounded: forgetting them all now and then merely delays an admission.
      if (seen.size >= this.#maxSeen) seen.clear()
      seen.add(key)
      return
    }
    const recent = this.#recent.get(key)
    if (recent !== undefined) {
      this.#recent.delete(key)
      this.#recentChars -= recent.length
    }
    const old = this.#older.get(key)
    if (old !== undefined) {
      this.#older.delete(key)
      this.#olderChars -= old.length
    }
    this.#add(key, value)
  }

  clear(): void {
    this.#recent = new Map()
    this.#older = new Map()
    this.#recentChars = 0
    this.#olderChars = 0
    this.#seenOnce?.clear()
  }

  /** Entries and characters (or bytes) held, for /metrics and the memory figures. */
  get stats(): { entries: number; chars: number } {
    return {
      entries: this.#recent.size + this.#older.size,
      chars: this.#recentChars + this.#olderChars,
    }
  }

  #add(key: string, value: V): void {
    if (value.length > this.#maxChars) return
    if (
      this.#recent.size >= this.#generationEntries ||
      this.#recentChars + value.length > this.#generationChars
    ) {
      this.#older = this.#recent
      this.#olderChars = this.#recentChars
      this.#recent = new Map()
      this.#recentChars = 0
    }
    // A value larger than a generation's share still fits alone, at the cost of the older generation.
    if (this.#olderChars + value.length > this.#maxChars) {
      this.#older = new Map()
      this.#olderChars = 0
    }
    this.#recent.set(key, value)
    this.#recentChars += value.length
  }
}
