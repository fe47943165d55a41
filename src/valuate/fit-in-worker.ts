import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads'
import { startWorker } from '../workers/start-worker.js'
import type { UncertaintyCalibration } from './calibrate-uncertainty.js'
import { claimCalibration } from './calibration-claim.js'
import { type ComparablesText, comparablesOf } from './comparable-rows.js'
import {
  type CalibrationPart,
  calibrateFor,
  type FittedModel,
  fittedModel,
  fitValuationModel,
} from './fit-valuation-model.js'
import type { Comparable, FitOptions } from './types.js'

const WORKER = new URL('./fit-worker.ts', import.meta.url)

/** A fit running in a worker thread. */
export interface FitJob {
  /** Blocks until the fit is done and returns its model; throws what the fit threw. */
  wait(): FittedModel
  /**
   * Hands the worker the uncertainty calibration of another fit, to do after its own unless this thread takes it up
   * first (see {@link calibration}): two fits split three ways. At most once, and before {@link wait}.
   */
  handOver(part: CalibrationPart): void
  /**
   * The calibration handed over (see {@link handOver}); throws its error. Computed here when the worker has not taken
   * it up yet (it is still fitting), else waited for: whichever thread is free first does it.
   */
  calibration(): UncertaintyCalibration
}

/** A worker thread ready to fit one valuation model. */
export interface FitWorker {
  /**
   * Hands the worker its comparables, as objects or as the text SQLite built (parsed there, which spares this thread
   * the copy): the fit starts there at once. A worker fits once.
   */
  fit(comparables: readonly Comparable[] | ComparablesText, options: FitOptions): FitJob
  /** Stops a worker no fit was handed to; one that was is stopped by its job's last answer, or ends after it. */
  close(): void
}

/**
 * Starts a worker thread that will fit one valuation model, so that its start (about half a second: a V8 isolate and
 * the TypeScript modules) can overlap other work before the comparables are known. The job's answers are synchronous
 * (the publish transaction that needs the model cannot await): the worker counts the answers it put on the port in a
 * shared slot. A worker that could not start, or did not answer within `timeoutMs`, is stopped, and what it owed is
 * computed on the calling thread instead: same functions, same result.
 */
export function startFitWorker(timeoutMs = 600_000): FitWorker {
  // [answers put on the port, or -1 when the module failed to load; who took up the calibration]
  const signal = new Int32Array(new SharedArrayBuffer(8))
  const { port1, port2 } = new MessageChannel()
  const worker = startWorker(WORKER, { port: port2, signal }, { transferList: [port2], signal })
  worker.unref()
  // Reported through the slot, never thrown from the event loop: a worker that failed leaves the work to the job.
  worker.on('error', () => {})
  let stopped = false
  const stop = () => {
    stopped = true
    void worker.terminate()
    port1.close()
  }
  // The worker's answers in order; undefined once it failed or fell silent.
  const answers: Record<string, unknown>[] = []
  const answer = (n: number): Record<string, unknown> | undefined => {
    const deadline = performance.now() + timeoutMs
    while (answers.length < n && !stopped) {
      const count = Atomics.load(signal, 0)
      // -1: the worker's module failed to load.
      if (count < 0) break
      if (count > answers.length) {
        const message = receiveMessageOnPort(port1)?.message as Record<string, unknown> | undefined
        if (!message) break
        answers.push(message)
        continue
      }
      const left = deadline - performance.now()
      if (left <= 0 || Atomics.wait(signal, 0, count, left) === 'timed-out') break
    }
    if (answers.length < n && !stopped) stop()
    return answers[n - 1]
  }
  const unwrap = <T>(message: Record<string, unknown> | undefined, key: string, fallback: () => T): T => {
    if (!message) return fallback()
    if ('error' in message) throw new Error(message.error as string)
    return message[key] as T
  }
  let used = false
  return {
    fit(comparables, options) {
      if (used) throw new Error('startFitWorker: a fit worker fits once')
      used = true
      port1.postMessage({ comparables, options })
      // How many answers the worker owes: its model, and the calibration once one is handed over, unless this thread
      // takes that up.
      let last = 1
      let handed: CalibrationPart | undefined
      let calibratesHere = false
      const stopWhenAnswered = () => {
        if (answers.length >= last && !stopped) stop()
      }
      const taken = (n: number) => {
        const message = answer(n)
        stopWhenAnswered()
        return message
      }
      const fitHere = () => fittedModel(fitValuationModel(comparablesOf(comparables), options))
      return {
        wait: () => unwrap(taken(1), 'fitted', fitHere),
        handOver(part) {
          if (handed) throw new Error('startFitWorker: a calibration was handed over already')
          handed = part
          // Stopped (it failed, or its model was taken): calibration() computes it here.
          if (stopped) return
          port1.postMessage({ calibrate: part })
          last = 2
        },
        calibration() {
          const part = handed
          if (!part) throw new Error('startFitWorker: no calibration was handed over with this fit')
          if (calibratesHere || claimCalibration(signal, 'caller')) {
            calibratesHere = true
            // The worker is still fitting (or never started): it will not calibrate, so its model is its last answer.
            last = 1
            stopWhenAnswered()
            return calibrateFor(part)
          }
          return unwrap(taken(2), 'uncertainty', () => calibrateFor(part))
        },
      }
    },
    close() {
      // Stopped mid-fit, the worker would never answer, and a later wait() would sit out its whole timeout.
      if (!used) stop()
    },
  }
}

/** Runs `fitValuationModel(comparables, options)`, then `calibrate`, in a new worker: see {@link startFitWorker}. */
export function startFitInWorker(
  comparables: readonly Comparable[] | ComparablesText,
  options: FitOptions,
  timeoutMs = 600_000,
  calibrate?: CalibrationPart,
): FitJob {
  const job = startFitWorker(timeoutMs).fit(comparables, options)
  if (calibrate) job.handOver(calibrate)
  return job
}
