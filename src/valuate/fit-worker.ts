/**
 * Worker thread: waits for one set of comparables on its port, fits a valuation model on them, hands its stored form back
 * and raises the signal. Started ahead of the fit, so that loading its modules overlaps the parent's other work.
 */
import type { MessagePort } from 'node:worker_threads'
import { workerInput } from '../workers/start-worker.js'
import { fittedModel } from './fit-in-worker.js'
import { fitValuationModel } from './fit-valuation-model.js'
import type { Comparable, FitOptions } from './types.js'

const { port, signal } = workerInput<{ port: MessagePort; signal: Int32Array }>()
port.once('message', ({ comparables, options }: { comparables: Comparable[]; options: FitOptions }) => {
  try {
    port.postMessage({ fitted: fittedModel(fitValuationModel(comparables, options)) })
  } catch (error) {
    port.postMessage({ error: error instanceof Error ? error.message : String(error) })
  } finally {
    Atomics.store(signal, 0, 1)
    Atomics.notify(signal, 0)
    port.close()
  }
})
