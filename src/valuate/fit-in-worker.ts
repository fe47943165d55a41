import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads'
import { startWorker } from '../workers/start-worker.js'
import { fitValuationModel } from './fit-valuation-model.js'
import type { Comparable, FitOptions, ValuationModel } from './types.js'

const WORKER = new URL('./fit-worker.ts', import.meta.url)

/** A fit running in a worker thread. */
export interface FitJob {
  /** Blocks until the fit is done and returns its model; throws what the fit threw. */
  wait(): ValuationModel
}

/**
 * Starts `fitValuationModel(comparables, options)` in a worker thread, so that a second model can be fitted on the
 * main thread meanwhile. `wait()` is synchronous (the publish transaction that needs the model cannot await): the
 * worker raises a shared flag when its answer is on the port. A worker that could not start, or did not answer
 * within `timeoutMs`, is stopped and the model is fitted on the calling thread instead: same function, same result.
 */
export function startFitInWorker(
  comparables: readonly Comparable[],
  options: FitOptions,
  timeoutMs = 600_000,
): FitJob {
  const signal = new Int32Array(new SharedArrayBuffer(4))
  const { port1, port2 } = new MessageChannel()
  const worker = startWorker(
    WORKER,
    { comparables, options, port: port2, signal },
    { transferList: [port2], signal },
  )
  worker.unref()
  // Reported through the flag, never thrown from the event loop: a worker that failed leaves the fit to wait().
  worker.on('error', () => {})
  return {
    wait() {
      Atomics.wait(signal, 0, 0, timeoutMs)
      const message = Atomics.load(signal, 0) === 1 ? receiveMessageOnPort(port1)?.message : undefined
      void worker.terminate()
      port1.close()
      if (!message) return fitValuationModel(comparables, options)
      if ('error' in message) throw new Error(message.error as string)
      return message.model as ValuationModel
    },
  }
}
