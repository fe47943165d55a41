import type { SeededRandom } from '../seeded-random.js'

/**
 * Every BAG address the sample hands out, so that no two homes (or a home and a neighbour) share one: real
 * Amsterdam and Utrecht addresses are taken first, then generated numbers for the sites that hide theirs.
 */
export class AddressBook {
  readonly #taken = new Set<string>()
  readonly #numbers = new Map<string, Set<number>>()

  static #key(postcode: string, n: number, letter: string | null, addition: string | null): string {
    return `${postcode}|${n}|${(letter ?? '').toUpperCase()}|${(addition ?? '').toUpperCase()}`
  }

  /** Takes an address; false when it was taken already. */
  take(postcode: string, n: number, letter: string | null, addition: string | null): boolean {
    const key = AddressBook.#key(postcode, n, letter, addition)
    if (this.#taken.has(key)) return false
    this.#taken.add(key)
    const numbers = this.#numbers.get(postcode) ?? new Set<number>()
    numbers.add(n)
    this.#numbers.set(postcode, numbers)
    return true
  }

  /** True when some address at this postcode has this house number (with or without letter or addition). */
  numberInUse(postcode: string, n: number): boolean {
    return this.#numbers.get(postcode)?.has(n) ?? false
  }

  /** A house number nobody at this postcode has yet, between 1 and 240. */
  freeNumber(postcode: string, rng: SeededRandom): number {
    for (;;) {
      const n = rng.int(1, 240)
      if (!this.numberInUse(postcode, n)) return n
    }
  }
}
