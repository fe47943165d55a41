/**
 * Worker thread: builds the property documents of the database at `workerData.path` and posts them chunk by chunk,
 * moving each chunk's buffer instead of copying it. See property-documents.ts.
 */
import { parentPort } from 'node:worker_threads'
import { openStore } from '../store/database.js'
import { workerInput } from '../workers/start-worker.js'
import { buildPropertyDocuments } from './build-property-documents.js'

const { path, maxBytes } = workerInput<{ path: string; maxBytes: number }>()
const store = await openStore(path, { readonly: true })
try {
  const build = buildPropertyDocuments(store, { maxBytes })
  for (let next = build.next(); ; next = build.next()) {
    if (next.done) {
      parentPort!.postMessage({ type: 'done', ...next.value })
      break
    }
    parentPort!.postMessage({ type: 'chunk', ...next.value }, [next.value.bytes.buffer as ArrayBuffer])
  }
} finally {
  await store.close()
}
