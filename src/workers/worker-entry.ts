// A worker thread's first module: it loads the module the parent named. When that fails, the parent's optional
// `signal` is set to -1 (a parent that blocks on it, rather than listening for the worker's error event, would
// otherwise wait forever; negative, so that a parent may count answers upward in the same slot); the error is rethrown.
import { workerData } from 'node:worker_threads'

const { module, signal } = workerData as { module: string; signal?: Int32Array }
try {
  await import(module)
} catch (error) {
  if (signal) {
    Atomics.store(signal, 0, -1)
    Atomics.notify(signal, 0)
  }
  throw error
}
