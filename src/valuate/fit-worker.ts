/** Worker thread: fits one valuation model and hands it back through the port, then raises the signal. */
import type { MessagePort } from 'node:worker_threads'
import { workerInput } from '../workers/start-worker.js'
import { fitValuationModel } from './fit-valuation-model.js'
import type { Comparable, FitOptions } from './types.js'

const { comparables, options, port, signal } = workerInput<{
  comparables: Comparable[]
  options: FitOptions
  port: MessagePort
  signal: Int32Array
}>()
try {
  port.postMessage({ model: fitValuationModel(comparables, options) })
} catch (error) {
  port.postMessage({ error: error instanceof Error ? error.message : String(error) })
} finally {
  Atomics.store(signal, 0, 1)
  Atomics.notify(signal, 0)
}
