/** Options of {@link LruCache}. */
export interface LruOptions {
  /**
   * Keep a value only when its key is set the second time: a stream of keys asked for once (a client walking all
   * homes) then passes by instead of evicting what is asked for again, and makes no garbage for the collector.
   */
  readonly admitOnSecondSet?: boolean
}

/** A small least-recently-used cache bounded by entry count and total string size. */
export class LruCache<V extends string> {
  readonly #map = new Map<string, V>()
  readonly #maxEntries: number
  readonly #maxChars: number
  readonly #seenOnce: Set<string> | undefined
  #chars = 0

  constructor(maxEntries: number, maxChars: number, options: LruOptions = {}) {
    this.#maxEntries = maxEntries
    this.#maxChars = maxChars
    this.#seenOnce = options.admitOnSecondSet ? new Set() : undefined
  }

  get(key: string): V | undefined {
    const value = this.#map.get(key)
    if (value !== undefined) {
      this.#map.delete(key)
      this.#map.set(key, value)
    }
    return value
  }

  set(key: string, value: V): void {
    const seen = this.#seenOnce
    if (seen && !seen.delete(key)) {
      // Keys only, bounded: forgetting them all now and then merely delays an admission.
      if (seen.size >= 4 * this.#maxEntries) seen.clear()
      seen.add(key)
      return
    }
    const old = this.#map.get(key)
    if (old !== undefined) {
      this.#chars -= old.length
      this.#map.delete(key)
    }
    this.#map.set(key, value)
    this.#chars += value.length
    for (const [oldest, v] of this.#map) {
      if (this.#map.size <= this.#maxEntries && this.#chars <= this.#maxChars) break
      this.#map.delete(oldest)
      this.#chars -= v.length
    }
  }

  clear(): void {
    this.#map.clear()
    this.#seenOnce?.clear()
    this.#chars = 0
  }

  /** Entries and characters held, for /metrics and the memory figures. */
  get stats(): { entries: number; chars: number } {
    return { entries: this.#map.size, chars: this.#chars }
  }
}
