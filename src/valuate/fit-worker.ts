/**
 * Worker thread: waits for one set of comparables on its port, fits a valuation model on them, hands its stored form
 * back and counts the answer in the signal; then calibrates the part of another fit it was given, if any. Started
 * ahead of the fit, so that loading its modules overlaps the parent's other work.
 */
import type { MessagePort } from 'node:worker_threads'
import { workerInput } from '../workers/start-worker.js'
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
    answer(() => ({ fitted: fittedModel(fitValuationModel(comparables, options)) }))
    if (calibrate) answer(() => ({ uncertainty: calibrateFor(calibrate) }))
    port.close()
  },
)

/** Puts the work's result (or its error) on the port and counts it in the signal. */
function answer(work: () => object): void {
  let message: object
  try {
    message = work()
  } catch (error) {
    message = { error: error instanceof Error ? error.message : String(error) }
  }
  port.postMessage(message)
  Atomics.add(signal, 0, 1)
  Atomics.notify(signal, 0)
}
