/** A small least-recently-used cache bounded by entry count and total string size. */
export class LruCache<V extends string> {
  readonly #map = new Map<string, V>()
  readonly #maxEntries: number
  readonly #maxChars: number
  #chars = 0

  constructor(maxEntries: number, maxChars: number) {
    this.#maxEntries = maxEntries
    this.#maxChars = maxChars
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
    this.#chars = 0
  }

  /** Entries and characters held, for /metrics and the memory figures. */
  get stats(): { entries: number; chars: number } {
    return { entries: this.#map.size, chars: this.#chars }
  }
}
