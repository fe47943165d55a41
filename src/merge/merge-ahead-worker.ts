/**
 * Worker thread: computes golden rows ahead of the merge, from committed data only (see `merge-ahead.ts`). It reads
 * the run's staged rows beside the published observations, works out which homes the publish will merge and the
 * listing facts each will have once the staged rows are applied, and builds their rows with the merge's own code,
 * in chunks, in id order, until it is done or told to stop.
 */
import type { MessagePort } from 'node:worker_threads'
import { openStore } from '../store/database.js'
import { workerInput } from '../workers/start-worker.js'
import { buildGoldenRecord } from './golden-record.js'
import { AHEAD_DONE, AHEAD_STOP, type AheadChunk, type AheadJob } from './merge-ahead.js'
import { createMergeInputLoader, factsKey } from './merge-inputs.js'
import { predictFacts } from './predict-listing-facts.js'
import { storedHashReader, toGoldenRow } from './write-golden-records.js'

/** Homes per message: small enough that the merge can take rows early, large enough to batch the statements. */
const CHUNK = 2_000

const { job, port, signal } = workerInput<{ job: AheadJob; port: MessagePort; signal: Int32Array }>()
const store = await openStore(job.path, { readonly: true })
try {
  // One snapshot for every read: what the publish started from (it holds the write lock until it commits).
  store.sqlite.exec('begin')
  const stopped = () => Atomics.load(signal, AHEAD_STOP) !== 0
  const loader = createMergeInputLoader(store, { today: job.today })
  const storedHashes = storedHashReader(store)
  const predicted = stopped() ? null : predictFacts(store.sqlite, job, loader.loadFacts, stopped)
  if (predicted) {
    const priority = (source: string) => job.ranks[source] ?? Number.MAX_SAFE_INTEGER
    for (let i = 0; i < predicted.homes.length && !stopped(); i += CHUNK) {
      const ids = predicted.homes.slice(i, i + CHUNK)
      const facts = predicted.factsOf(ids)
      const inputs = loader.loadMany(ids, facts)
      const stored = storedHashes(ids)
      const chunk: AheadChunk = {
        ids,
        keys: ids.map((id) => factsKey(facts.get(id) ?? [])),
        rows: inputs.map((found) =>
          found ? toGoldenRow(buildGoldenRecord(found, priority), job.generation) : null,
        ),
        stored: ids.map((id) => stored.get(id) ?? [null, null]),
        last: i + CHUNK >= predicted.homes.length,
      }
      // As JSON text: cloned as objects, a national merge's rows took the receiving thread 3.7 s to read back after a
      // crawl (0.45 s in a fresh process); a string is one copy, and JSON.parse builds the rows.
      port.postMessage(JSON.stringify(chunk))
    }
  }
} finally {
  // The snapshot must be let go before the publish commits: a reader on it would hold back the checkpoint after.
  store.sqlite.close()
  Atomics.store(signal, AHEAD_DONE, 1)
  Atomics.notify(signal, AHEAD_DONE)
  port.close()
}
