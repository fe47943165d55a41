import { seededRandom } from '../seeded-random.js'

/** Assigns each of n rows to one of k folds of near-equal size, shuffled by the seed. */
export function foldAssignment(n: number, k: number, seed: number): Int32Array {
  const random = seededRandom(seed)
  const order = Array.from({ length: n }, (_, i) => i)
  // Fisher–Yates, then deal round-robin so fold sizes differ by at most one.
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    const tmp = order[i] as number
    order[i] = order[j] as number
    order[j] = tmp
  }
  const folds = new Int32Array(n)
  order.forEach((row, position) => {
    folds[row] = position % k
  })
  return folds
}
