/** The seed of this test process: `RESILIENCE_SEED` to replay a failure, else the clock. Printed by the tests. */
export const RESILIENCE_SEED = Number(process.env.RESILIENCE_SEED ?? Date.now() % 1_000_000_007)
