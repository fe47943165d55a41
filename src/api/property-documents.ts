import type { Worker } from 'node:worker_threads'
import { startWorker } from '../workers/start-worker.js'
import type { DocumentBuildSummary, DocumentChunk } from './build-property-documents.js'

/** What the documents of one generation hold, for /metrics and the bench. */
export interface PropertyDocumentStats {
  /** The generation built (or being built); 0 before the first. */
  readonly generation: number
  readonly entries: number
  /** Bytes of bodies held in memory. */
  readonly bytes: number
  /** True once the generation's build finished (up to the memory cap). */
  readonly ready: boolean
  readonly error: string | null
}

/** `/v1/properties` bodies built ahead for one generation, held in memory. */
export interface PropertyDocuments {
  /** The finished body of `bagId` (a verblijfsobject id) in `generation`, if it was built. */
  get(bagId: string, generation: number): Buffer | undefined
  /** Makes sure the documents of `generation` are built or being built; drops those of any other one. */
  use(generation: number): void
  stats(): PropertyDocumentStats
  close(): Promise<void>
}

// An entry is (chunk << CHUNK_SHIFT) | index: a small integer, so a million of them cost the Map no allocations.
const CHUNK_SHIFT = 20
const MAX_CHUNKS = 2 ** (30 - CHUNK_SHIFT)

interface Built {
  generation: number
  readonly index: Map<string, number>
  readonly chunks: { readonly bytes: Buffer; readonly offsets: Uint32Array }[]
  bytes: number
  ready: boolean
}

type WorkerMessage = ({ type: 'chunk' } & DocumentChunk) | ({ type: 'done' } & DocumentBuildSummary)

const WORKER = new URL('./property-documents-worker.ts', import.meta.url)

/**
 * Builds every golden record's `/v1/properties` body once per published generation, in a worker thread (the data
 * changes once a night; a body costs ~30 µs to read and value, a lookup here well under 1 µs). Until a build is
 * finished the read model answers on demand as before. `maxBytes` caps the memory (0 turns it off); past the cap
 * the remaining records are answered on demand.
 */
export function createPropertyDocuments(
  dbPath: string,
  maxBytes: number,
  /** Told when a build fails; answers then stay on demand until the next generation. */
  onError: (error: Error) => void = () => {},
): PropertyDocuments {
  let current: Built = { generation: 0, index: new Map(), chunks: [], bytes: 0, ready: false }
  let worker: Worker | undefined
  let error: string | null = null

  const stop = async () => {
    const running = worker
    worker = undefined
    await running?.terminate()
  }

  const start = (generation: number) => {
    void stop()
    const built: Built = { generation, index: new Map(), chunks: [], bytes: 0, ready: false }
    current = built
    error = null
    const own = startWorker(WORKER, { path: dbPath, maxBytes })
    worker = own
    // A build must never keep the process alive or take it down: the API answers on demand without it.
    own.unref()
    own.on('message', (message: WorkerMessage) => {
      if (worker !== own) return
      // The worker reads its own snapshot, which may be newer than the generation asked for; get() compares.
      built.generation = message.generation
      if (message.type === 'done') {
        built.ready = true
        worker = undefined
        return
      }
      const chunk = built.chunks.length
      if (chunk >= MAX_CHUNKS) return
      const bytes = Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength)
      built.chunks.push({ bytes, offsets: message.offsets })
      built.bytes += bytes.byteLength
      for (let i = 0; i < message.ids.length; i++)
        built.index.set(message.ids[i]!, (chunk << CHUNK_SHIFT) | i)
    })
    own.on('error', (e) => {
      if (worker !== own) return
      error = e.message
      worker = undefined
      onError(e)
    })
  }

  return {
    get(bagId, generation) {
      if (current.generation !== generation) return undefined
      const entry = current.index.get(bagId)
      if (entry === undefined) return undefined
      const { bytes, offsets } = current.chunks[entry >>> CHUNK_SHIFT]!
      const i = entry & ((1 << CHUNK_SHIFT) - 1)
      return bytes.subarray(offsets[i]!, offsets[i + 1]!)
    },
    use(generation) {
      if (maxBytes <= 0 || current.generation === generation) return
      start(generation)
    },
    stats: () => ({
      generation: current.generation,
      entries: current.index.size,
      bytes: current.bytes,
      ready: current.ready,
      error,
    }),
    close: stop,
  }
}
