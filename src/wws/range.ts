/** A closed range of integers (hundredths of points, cents, m²); `high` is Infinity when nothing bounds it. */
export interface Range {
  readonly low: number
  readonly high: number
}

export const exactly = (value: number): Range => ({ low: value, high: value })

export const addRanges = (a: Range, b: Range): Range => ({ low: a.low + b.low, high: a.high + b.high })

/** The lowest and highest of the values added so far. */
export class Bounds {
  private low = Number.POSITIVE_INFINITY
  private high = Number.NEGATIVE_INFINITY

  add(value: number): this {
    if (value < this.low) this.low = value
    if (value > this.high) this.high = value
    return this
  }

  /** The range of what was added (low Infinity and high -Infinity while nothing was). */
  range(): Range {
    return { low: this.low, high: this.high }
  }
}
