// A worker thread starts without the TypeScript loader the main thread registered: register it, then load the
// module the parent named. When that fails, the parent's optional `signal` is set to -1 (a parent that blocks on
// it, rather than listening for the worker's error event, would otherwise wait forever; negative, so that a parent
// may count answers upward in the same slot); the error is rethrown.
import { workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
try {
  await import(workerData.module)
} catch (error) {
  if (workerData.signal) {
    Atomics.store(workerData.signal, 0, -1)
    Atomics.notify(workerData.signal, 0)
  }
  throw error
}
