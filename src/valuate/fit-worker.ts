/**
 * Worker thread: waits for one set of comparables on its port, fits a valuation model on them, hands its stored form
 * back and counts the answer in the signal; then calibrates the part of another fit the parent hands over, if it does
 * and has not taken that up itself meanwhile. Started ahead of the fit, so that loading its modules overlaps the
 * parent's other work.
 */
import type { MessagePort } from 'node:worker_threads'
import { workerInput } from '../workers/start-worker.js'
import { claimCalibration } from './calibration-claim.js'
import { type ComparablesText, comparablesOf } from './comparable-rows.js'
import { type CalibrationPart, calibrateFor, fittedModel, fitValuationModel } from './fit-valuation-model.js'
import type { Comparable, FitOptions } from './types.js'

const { port, signal } = workerInput<{ port: MessagePort; signal: Int32Array }>()
port.once(
  'message',
  ({ comparables, options }: { comparables: Comparable[] | ComparablesText; options: FitOptions }) => {
    answer(
      attempt(() => {
        return { fitted: fittedModel(fitValuationModel(comparablesOf(comparables), options)) }
      }),
    )
    // Registered before this handler returns, so that a part handed over during the fit is not missed. A parent that
    // hands none over stops this worker once it has the model.
    port.once('message', ({ calibrate }: { calibrate: CalibrationPart }) => {
      if (claimCalibration(signal, 'worker'))
        answer(attempt(() => ({ uncertainty: calibrateFor(calibrate) })))
      port.close()
    })
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
