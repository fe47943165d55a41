/**
 * Worker thread: waits for one set of comparables on its port, fits a valuation model on them, hands its stored form
 * back and counts the answer in the signal; then calibrates the part of another fit it was given, if the parent has
 * not taken that up itself meanwhile. Started ahead of the fit, so that loading its modules overlaps the parent's other
 * work.
 */
import type { MessagePort } from 'node:worker_threads'
import { workerInput } from '../workers/start-worker.js'
import { claimCalibration } from './calibration-claim.js'
import { type CalibrationPart, calibrateFor, fittedModel, fitValuationModel } from './fit-valuation-model.js'
import type { Comparable, FitOptions } from './types.js'

const { port, signal } = workerInput<{ port: MessagePort; signal: Int32Array }>()
port.once(
  'message',
  ({
    comparables,
    options,
    calibrate,
  }: {
    comparables: Comparable[]
    options: FitOptions
    calibrate?: CalibrationPart
  }) => {
    const fitted = attempt(() => ({ fitted: fittedModel(fitValuationModel(comparables, options)) }))
    // Claimed before the model is handed back, so that a parent holding the model knows the claim is settled.
    const calibrates = calibrate && claimCalibration(signal, 'worker')
    answer(fitted)
    if (calibrates) answer(attempt(() => ({ uncertainty: calibrateFor(calibrate) })))
    port.close()
  },
)

/** The work's result, or its error as a message. */
function attempt(work: () => object): object {
  try {
    return work()
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) }
  }
}

/** Puts a message on the port and counts it in the signal. */
function answer(message: object): void {
  port.postMessage(message)
  Atomics.add(signal, 0, 1)
  Atomics.notify(signal, 0)
}
