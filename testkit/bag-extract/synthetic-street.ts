import type { SeededRandom } from '../seeded-random.js'
import type { PostcodeCursor } from './postcode-cursor.js'

/**
 * One generated street: where it lies (a straight line from a point near the place's centre), the next
 * huisnummer on each side (odd left, even right) and the postcode each side is on.
 */
export class SyntheticStreet {
  private readonly next: [number, number] = [1, 2]
  private readonly codes: [string, string] = ['', '']
  private readonly left: [number, number] = [0, 0]
  /** Short streets often have one postcode for both sides. */
  private readonly shared: boolean
  private readonly x: number
  private readonly y: number
  private readonly dx: number
  private readonly dy: number

  constructor(
    readonly id: string,
    centre: readonly [number, number],
    radius: number,
    private readonly random: SeededRandom,
    private readonly postcodes: PostcodeCursor,
  ) {
    const angle = random.next() * 2 * Math.PI
    const distance = radius * Math.sqrt(random.next())
    const heading = random.next() * 2 * Math.PI
    this.x = centre[0] + distance * Math.cos(angle)
    this.y = centre[1] + distance * Math.sin(angle)
    this.dx = Math.cos(heading)
    this.dy = Math.sin(heading)
    this.shared = random.chance(0.6)
  }

  /** Takes the next huisnummer on a side; a postcode covers ~10–40 numbers before the next one starts. */
  takeNumber(side: 0 | 1): number {
    const huisnummer = this.next[side]
    this.next[side] += 2
    const p = this.shared ? 0 : side
    if (this.left[p] <= 0) {
      this.codes[p] = this.postcodes.next()
      this.left[p] = this.random.int(10, 40)
    }
    this.left[p]--
    return huisnummer
  }

  /** The postcode of the last number taken on a side. */
  postcode(side: 0 | 1): string {
    return this.codes[this.shared ? 0 : side]
  }

  /** RD New point in front of the next number on a side (3 m per number, 10 m from the centre line). */
  frontage(side: 0 | 1): { x: number; y: number } {
    const along = this.next[side] * 3
    const offset = side === 0 ? 10 : -10
    return { x: this.x + this.dx * along + offset * this.dy, y: this.y + this.dy * along - offset * this.dx }
  }
}
