/**
 * The steps of a run that a stage clock times. Fetch and parse are not among them: sources crawl concurrently, so
 * each source's crawl times itself (its `durationMs`), as do the register look-ups, which wait on the network.
 */
export type RunStep =
  | 'normalise'
  | 'resolve'
  | 'stage'
  | 'dedupe'
  | 'merge'
  | 'valuate'
  | 'publish'
  | 'checkpoint'

/** Time spent per step, summed over every time the step ran, as the run report holds it: `{ dedupeMs: … }`. */
export type StepTimings<S extends RunStep> = { [K in S as `${K}Ms`]: number }

/** Times named steps of a run, each step's time summed over every time it runs. */
export interface StageClock<S extends RunStep> {
  /**
   * Runs `work` (synchronous) and adds the time it took to `step`. Time spent in a step timed inside `work` counts
   * to that inner step only, so that no moment is counted twice and the steps add up to the time measured.
   */
  time<T>(step: S, work: () => T): T
  /** Every step's time so far; a step that never ran has 0. */
  timings(): StepTimings<S>
}

/** A clock for the given steps, all at 0. */
export function createStageClock<const S extends RunStep>(steps: readonly S[]): StageClock<S> {
  const totals = new Map<S, number>(steps.map((step) => [step, 0]))
  // The time taken so far by steps timed inside the step that is running now.
  let inner = 0
  return {
    time(step, work) {
      const outer = inner
      inner = 0
      const started = performance.now()
      try {
        return work()
      } finally {
        const elapsed = performance.now() - started
        totals.set(step, (totals.get(step) ?? 0) + elapsed - inner)
        inner = outer + elapsed
      }
    },
    timings() {
      return Object.fromEntries([...totals].map(([step, ms]) => [`${step}Ms`, ms])) as StepTimings<S>
    },
  }
}
