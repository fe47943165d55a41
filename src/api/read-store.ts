import type { AddressRow } from '../resolve/index.js'
import type { Store } from '../store/database.js'
import type { ListingFields } from './listing-json.js'
import type { ServedGoldenRecord } from './property-json.js'
import type { SourceStatusSnapshot } from './source-status.js'

/** The generation the API serves and when it was published. */
export interface Published {
  readonly generation: number
  readonly publishedAt: string
}

/** What the publish stored beside a home's record, as JSON text. */
export interface StoredValuesRow {
  readonly valuation_json: string
  readonly rent_regulation_json: string | null
}

/**
 * The status and filters of a `/v1/listings` search by name, as {@link searchValues} gives them, and the names of the
 * filters present.
 */
export interface ListingSearch {
  readonly values: Readonly<Record<string, unknown>>
  readonly present: readonly string[]
}

/** A value now (SQLite reads complete at once, and skip a promise each) or later (PostgreSQL). */
export type Eventually<T> = T | Promise<T>

/** The reads of the published read model, each one statement; inside {@link ReadStore.snapshot} all from one snapshot. */
export interface ReadModelReads {
  publication(): Eventually<Published>
  /** Active listings of a city and type as counted at publish (`#all`: any); undefined when none are. */
  listingCount(cityKey: string, type: string): Eventually<number | undefined>
  countListings(search: ListingSearch): Eventually<number>
  /** A page of listings, newest first. */
  listingsPage(search: ListingSearch, limit: number, offset: number): Eventually<ListingFields[]>
  listing(id: number): Eventually<ListingFields | undefined>
  /** The listing a merged-away listing id became. */
  survivorOf(id: number): Eventually<number | undefined>
  /** The object a nummeraanduiding id is an address of. */
  objectOfAddress(numId: string): Eventually<string | undefined>
  /** The addresses with this postcode and house number, whatever their letter and addition. */
  addressesAt(postcodeKey: string, huisnummer: number): Eventually<AddressRow[]>
  goldenRecord(bagId: string): Eventually<ServedGoldenRecord | undefined>
  storedValues(bagId: string): Eventually<StoredValuesRow | undefined>
  /** A home's listings, on offer first, newest first, at most `LISTINGS_PER_PROPERTY`. */
  listingsOfHome(bagId: string): Eventually<ListingFields[]>
}

/** The sources' status as `/v1/sources` serves it, and when a run last started or finished. */
export interface SourcesSnapshot extends SourceStatusSnapshot {
  readonly lastRunChange: string | null
}

/**
 * Where the API reads the published read model from: the SQLite database the pipeline writes, or a PostgreSQL
 * replica of it. One read model (read-model.ts) serves from either.
 */
export interface ReadStore {
  readonly engine: 'sqlite' | 'postgres'
  /**
   * The generation published as last seen, without waiting: SQLite checks whether another connection committed;
   * PostgreSQL answers what its polling last read (a streaming replica has no notifications).
   */
  published(): Published
  /**
   * Runs `work` with reads from one consistent snapshot: a SQLite read transaction, a PostgreSQL repeatable-read
   * one. Its reads must include {@link ReadModelReads.publication}, the generation its answer is tagged with.
   */
  snapshot<T>(work: (reads: ReadModelReads) => Promise<T>): Promise<T>
  /** Reads of one statement each, outside a snapshot. */
  readonly reads: ReadModelReads
  /** Whether an API key with this SHA-256 hash exists and is not revoked. */
  keyIsActive(hash: string): Promise<boolean>
  sources(): Promise<SourcesSnapshot>
  /** The SQLite store, when serving from one: the status page reads the runs from it. */
  readonly sqlite: Store | null
  close(): Promise<void>
}
