import type { Store } from '../store/database.js'

/** A value read from the store, the run fingerprint it was read at, and the generation then published. */
export interface PerRunValue<T> {
  /** Changes whenever a run starts, finishes or publishes. */
  readonly fingerprint: string
  readonly generation: number
  readonly value: T
}

/** Reads a value again only when a run started, finished or published since it was read (or it grew too old). */
export interface PerRunCache<T> {
  read(): Promise<PerRunValue<T>>
}

/**
 * Caches what `read` makes of the store until the run fingerprint moves: four index lookups per call instead of the
 * read. A run changes one of them when it starts, publishes, or finishes; a run stopped by a signal is marked finished
 * at once and writes its report (with its sources' statuses) later, so reports are counted apart. `maxAgeMs` also bounds its age, for a value that counts time up to now. A failed read is not cached.
 */
export function createPerRunCache<T>(
  store: Store,
  read: () => Promise<T>,
  maxAgeMs = Number.POSITIVE_INFINITY,
): PerRunCache<T> {
  const fingerprintOf = store.sqlite.prepare<
    [],
    { generation: number; last_run: number | null; finished: number; reported: number }
  >(
    `select (select generation from publication where id = 1) as generation,
            (select max(id) from runs) as last_run,
            (select count(finished_at) from runs) as finished,
            (select count(report_json) from runs) as reported`,
  )
  let cached: Promise<PerRunValue<T>> | undefined
  let cachedFingerprint = ''
  let readAt = 0
  return {
    read() {
      const f = fingerprintOf.get()!
      const fingerprint = `${f.generation}-${f.last_run ?? 0}-${f.finished}-${f.reported}`
      const now = Date.now()
      if (!cached || fingerprint !== cachedFingerprint || now - readAt > maxAgeMs) {
        cachedFingerprint = fingerprint
        readAt = now
        const reading = read().then((value) => ({ fingerprint, generation: f.generation, value }))
        reading.catch(() => {
          if (cached === reading) cached = undefined
        })
        cached = reading
      }
      return cached
    },
  }
}
