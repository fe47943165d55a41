import type { SeededRandom } from '../seeded-random.js'

// PostNL does not use F, I, O, Q, U and Y in postcodes, nor the pairs SA, SD and SS.
const LETTERS = 'ABCDEGHJKLMNPRSTVWXZ'
const PAIRS: readonly string[] = [...LETTERS]
  .flatMap((a) => [...LETTERS].map((b) => a + b))
  .filter((pair) => pair !== 'SA' && pair !== 'SD' && pair !== 'SS')

/** Letter pairs a valid Dutch postcode may end in (397 of them). */
export const POSTCODE_LETTER_PAIRS = PAIRS

/**
 * Hands out valid postcodes for one place, walking its four-digit areas in order and the letter pairs within
 * an area mostly in sequence (with small gaps), as PostNL assigns them along streets.
 */
export class PostcodeCursor {
  private area = 0
  private pair = -1
  private used = 0

  constructor(
    private readonly areas: readonly number[],
    private readonly perArea: number,
    private readonly random: SeededRandom,
  ) {
    if (areas.length === 0) throw new Error('a place needs at least one postcode area')
  }

  /** The next postcode, e.g. `1012AB`. Wraps round (reusing codes) only if the place outgrows its range. */
  next(): string {
    this.pair += 1 + (this.random.chance(0.15) ? this.random.int(1, 3) : 0)
    this.used++
    if (this.used > this.perArea || this.pair >= PAIRS.length) {
      this.area = (this.area + 1) % this.areas.length
      this.pair = this.random.int(0, 5)
      this.used = 1
    }
    return `${this.areas[this.area]}${PAIRS[this.pair]}`
  }
}
