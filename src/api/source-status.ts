import { REGISTER_TRAITS, type SourceTraits, sourceTraits } from '../ops/source-traits.js'
import { type FillRates, readFillRates } from '../pipeline/fill-rates.js'
import { type LastRun, readRegisterStatuses } from '../registers/register-status.js'
import type { Store } from '../store/database.js'
import { oldestVerifiedPerSource, readListingSources } from '../store/sources.repository.js'
import { createPerRunCache } from './per-run-cache.js'
import { type RequestsByKind, readRequestsByKind } from './request-kinds.js'
import { withoutPaths } from './without-paths.js'

/** One source as `/v1/sources` and `/metrics` report it, with its terms, preset and regions. */
export interface SourceStatus extends SourceTraits {
  readonly id: string
  readonly name: string
  readonly kind: 'listing' | 'register'
  /**
   * The source's status in its last run: `ok`, `degraded`, `failed`, `blocked`, `stopped`, or `running` for a register being
   * imported. Registers: see {@link readRegisterStatuses} (bag and ep-online from their import runs, woz from the
   * look-ups ingest runs report).
   */
  readonly status: string | null
  readonly lastRun: LastRun | null
  /** The requests of its last run by kind; null when that run recorded none (a file source, a register, older runs). */
  readonly requests: RequestsByKind | null
  /** When the last run in which this source succeeded started: its data is at least this fresh. */
  readonly lastSuccessAt: string | null
  /** Registers loaded from a file: the date the data in use describes (see `RegisterStatus`); else null. */
  readonly dataAsOf: string | null
  /** Registers loaded from a file: when the data in use was loaded; else null. */
  readonly loadedAt: string | null
  /** Listings the source currently shows; null for registers. */
  readonly activeListings: number | null
  /** The oldest verification among the listings it shows (see `oldestVerifiedPerSource`); null when unknown. */
  readonly oldestVerifiedAt: string | null
  /** When `status` is `degraded`: the health checks its last run failed (see `judgeSourceRun`). */
  readonly degradedBy: readonly string[]
  /** Percent of the listings its last run parsed that had each watched field; null when unknown (see `FILL_FIELDS`). */
  readonly fillRates: Partial<FillRates> | null
}

/** The sources' status with a fingerprint that changes whenever a run starts, ends or publishes. */
export interface SourceStatusSnapshot {
  readonly fingerprint: string
  readonly generation: number
  readonly sources: readonly SourceStatus[]
}

/** Reads {@link SourceStatusSnapshot}s, recomputing only when the fingerprint moved. */
export interface SourceStatusReader {
  read(): Promise<SourceStatusSnapshot>
}

const readers = new WeakMap<Store, SourceStatusReader>()

/** The reader of a store, shared by `/v1/sources` and `/metrics` so they cache once. */
export function sourceStatusReaderFor(store: Store): SourceStatusReader {
  let reader = readers.get(store)
  if (!reader) {
    reader = createSourceStatusReader(store)
    readers.set(store, reader)
  }
  return reader
}

function createSourceStatusReader(store: Store): SourceStatusReader {
  const cache = createPerRunCache(store, () => readSources(store))
  return {
    async read() {
      const { fingerprint, generation, value } = await cache.read()
      return { fingerprint, generation, sources: value }
    },
  }
}

/**
 * Every source a run can read, and the registers, from the database alone: the catalogue the last run registered
 * (so a source added after the server started is listed once a run has registered it), without retired sources.
 * The server loads no adapter.
 */
async function readSources(store: Store): Promise<SourceStatus[]> {
  const oldestVerified = await oldestVerifiedPerSource(store)
  const listing = (await readListingSources(store))
    .filter((source) => source.registered && !source.retired)
    .map(
      ({ lastRun, ...source }): SourceStatus => ({
        id: source.id,
        name: source.name,
        kind: 'listing',
        ...sourceTraits(source.facts),
        status: lastRun?.status ?? null,
        lastRun: lastRun && publicRun(lastRun.run_id, lastRun.started_at, lastRun.message),
        requests: readRequestsByKind(lastRun?.requests_json ?? null),
        lastSuccessAt: source.lastSuccessAt,
        dataAsOf: null,
        loadedAt: null,
        activeListings: source.activeListings,
        oldestVerifiedAt: oldestVerified.get(source.id) ?? null,
        degradedBy: lastRun?.degraded_by?.split(',') ?? [],
        fillRates: readFillRates(lastRun?.fill_rates_json ?? null),
      }),
    )
  const registers = (await readRegisterStatuses(store)).map(
    (r): SourceStatus => ({
      id: r.id,
      name: r.name,
      kind: 'register',
      ...REGISTER_TRAITS,
      status: r.status,
      lastRun: r.lastRun && publicRun(r.lastRun.runId, r.lastRun.startedAt, r.lastRun.message),
      requests: null,
      lastSuccessAt: r.lastSuccessAt,
      dataAsOf: r.dataAsOf,
      loadedAt: r.loadedAt,
      activeListings: null,
      oldestVerifiedAt: null,
      degradedBy: [],
      fillRates: null,
    }),
  )
  return [...listing, ...registers]
}

/** A last run as API clients see it: its message without the server's file paths. */
const publicRun = (runId: number, startedAt: string, message: string | null): LastRun => ({
  runId,
  startedAt,
  message: message === null ? null : withoutPaths(message),
})
