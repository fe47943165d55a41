import { Worker, type WorkerOptions, workerData } from 'node:worker_threads'

const ENTRY = new URL('./typescript-entry.mjs', import.meta.url)

/**
 * Starts `module` (a TypeScript file, as a URL) in a worker thread; it reads `data` with {@link workerInput}. Works
 * whether or not the parent runs under tsx, and under vitest. `signal[0]` is set to -1 if the module fails to load.
 */
export function startWorker(
  module: URL,
  data: unknown,
  options: Omit<WorkerOptions, 'workerData'> & { signal?: Int32Array } = {},
): Worker {
  const { signal, ...rest } = options
  return new Worker(ENTRY, { ...rest, workerData: { module: module.href, data, signal } })
}

/** Inside a worker started by {@link startWorker}: the data it was given. */
export function workerInput<T>(): T {
  return (workerData as { data: T }).data
}
