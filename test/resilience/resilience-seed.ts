/** The seed of this test process: `RESILIENCE_SEED` to replay a failure, else the clock. Printed by the tests. */
export const RESILIENCE_SEED = Number(process.env.RESILIENCE_SEED ?? Date.now() % 1_000_000_007)

/** mulberry32: a small seeded generator of numbers in [0, 1), so a failing trial can be replayed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}
