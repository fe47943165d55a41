import { Worker, type WorkerOptions, workerData } from 'node:worker_threads'

/** Whether this code runs compiled (from dist/) rather than from the TypeScript sources (vitest, tsx). */
const COMPILED = import.meta.url.endsWith('.js')

const ENTRY = new URL(COMPILED ? './worker-entry.js' : './typescript-entry.mjs', import.meta.url)

/**
 * Starts `module` (a TypeScript file, as a URL beside the caller's own) in a worker thread; it reads `data` with
 * {@link workerInput}. Compiled, the worker runs that file's compiled twin; from the sources, the file itself.
 * `signal[0]` is set to -1 if the module fails to load.
 */
export function startWorker(
  module: URL,
  data: unknown,
  options: Omit<WorkerOptions, 'workerData'> & { signal?: Int32Array } = {},
): Worker {
  const { signal, ...rest } = options
  const href = COMPILED ? module.href.replace(/\.ts$/, '.js') : module.href
  return new Worker(ENTRY, { ...rest, workerData: { module: href, data, signal } })
}

/** Inside a worker started by {@link startWorker}: the data it was given. */
export function workerInput<T>(): T {
  return (workerData as { data: T }).data
}
