/** Hands out BAG ids in the official shape: gemeente code, type code, ten-digit serial. */
export class BagIdAllocator {
  #serial = 1_000_000

  /** A new id of `type` ('01' VBO, '10' pand, '20' NUM, '30' OPR) in `gemeente`. */
  next(gemeente: string, type: '01' | '10' | '20' | '30'): string {
    this.#serial += 1
    return `${gemeente}${type}${String(this.#serial).padStart(10, '0')}`
  }
}
