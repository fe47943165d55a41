import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads'
import { startWorker } from '../workers/start-worker.js'
import { fitValuationModel } from './fit-valuation-model.js'
import type { Comparable, FitOptions, ValuationModel } from './types.js'

/**
 * A fitted model as it is stored: its JSON, and how many comparables it used. A worker hands back this, not the model:
 * a national sale model holds about 140,000 area effects, which took 0.26–0.30 s to clone between threads and another
 * 0.12 s to stringify on the thread that stores it.
 */
export interface FittedModel {
  readonly json: string
  readonly nComparables: number
}

/** The stored form of a fitted model. */
export function fittedModel(model: ValuationModel): FittedModel {
  return { json: JSON.stringify(model), nComparables: model.nComparables }
}

const WORKER = new URL('./fit-worker.ts', import.meta.url)

/** A fit running in a worker thread. */
export interface FitJob {
  /** Blocks until the fit is done and returns its model; throws what the fit threw. */
  wait(): FittedModel
}

/** A worker thread ready to fit one valuation model. */
export interface FitWorker {
  /** Hands the worker its comparables: the fit starts there at once. A worker fits once. */
  fit(comparables: readonly Comparable[], options: FitOptions): FitJob
  /** Stops a worker no fit was handed to; one that was is stopped by its job's `wait()`, or ends when it answers. */
  close(): void
}

/**
 * Starts a worker thread that will fit one valuation model, so that its start (about half a second: a V8 isolate and
 * the TypeScript modules) can overlap other work before the comparables are known. `wait()` is synchronous (the
 * publish transaction that needs the model cannot await): the worker raises a shared flag when its answer is on the
 * port. A worker that could not start, or did not answer within `timeoutMs`, is stopped and the model is fitted on
 * the calling thread instead: same function, same result.
 */
export function startFitWorker(timeoutMs = 600_000): FitWorker {
  const signal = new Int32Array(new SharedArrayBuffer(4))
  const { port1, port2 } = new MessageChannel()
  const worker = startWorker(WORKER, { port: port2, signal }, { transferList: [port2], signal })
  worker.unref()
  // Reported through the flag, never thrown from the event loop: a worker that failed leaves the fit to wait().
  worker.on('error', () => {})
  const stop = () => {
    void worker.terminate()
    port1.close()
  }
  let used = false
  return {
    fit(comparables, options) {
      if (used) throw new Error('startFitWorker: a fit worker fits once')
      used = true
      port1.postMessage({ comparables, options })
      return {
        wait() {
          Atomics.wait(signal, 0, 0, timeoutMs)
          const message = Atomics.load(signal, 0) === 1 ? receiveMessageOnPort(port1)?.message : undefined
          stop()
          if (!message) return fittedModel(fitValuationModel(comparables, options))
          if ('error' in message) throw new Error(message.error as string)
          return message.fitted as FittedModel
        },
      }
    },
    close() {
      // Stopped mid-fit, the worker would never raise the flag, and a later wait() would sit out its whole timeout.
      if (!used) stop()
    },
  }
}

/** Starts `fitValuationModel(comparables, options)` in a new worker thread; see {@link startFitWorker}. */
export function startFitInWorker(
  comparables: readonly Comparable[],
  options: FitOptions,
  timeoutMs = 600_000,
): FitJob {
  return startFitWorker(timeoutMs).fit(comparables, options)
}
