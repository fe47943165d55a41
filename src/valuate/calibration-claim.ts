/**
 * The fit worker and its parent share an Int32Array: slot 0 counts the worker's answers (see `startFitWorker`), slot 1
 * says who took up the calibration handed over with a fit. Whichever thread is free first takes it, once.
 */
const CLAIM = 1
const BY = { worker: 1, caller: 2 } as const

/** Takes up the calibration for `who`; false when the other thread already has. */
export function claimCalibration(signal: Int32Array, who: keyof typeof BY): boolean {
  return Atomics.compareExchange(signal, CLAIM, 0, BY[who]) === 0
}
