import type { Generated, Insertable, Selectable } from 'kysely'

/** Row types mirror the SQL (snake_case); repositories convert them to domain objects. */

/** One pipeline run, import or retirement of a source, with its outcome and report. */
export interface RunTable {
  id: Generated<number>
  kind: 'ingest' | 'import-bag' | 'import-energy-labels' | 'retire'
  started_at: string
  finished_at: string | null
  /** running → succeeded | partial (some source failed, exit 3) | failed | crashed (found dead) | stopped (max duration) */
  status: 'running' | 'succeeded' | 'partial' | 'failed' | 'crashed' | 'stopped'
  mode: string
  sources: string
  exit_code: number | null
  pid: number | null
  report_json: string | null
}

/** What one source did in one run. */
export interface RunSourceTable {
  run_id: number
  source_id: string
  /** How the source's crawl ended, `degraded` when it finished but looked unhealthy, `retired` for a retirement. */
  status: 'ok' | 'failed' | 'blocked' | 'skipped' | 'stopped' | 'degraded' | 'retired'
  pages: number
  pages_failed: number
  listings: number
  new_listings: number
  updated_listings: number
  withdrawn_listings: number
  rejected: number
  errors: number
  duration_ms: number
  message: string | null
  /**
   * 1 when the run's listing count is a baseline for later runs: it read all of the source (nothing cut it short, no
   * city or type left out) and was not degraded by too many rejects.
   */
  baseline: Generated<number>
  /** The health checks that found the run unhealthy, comma-separated; null when it was not degraded. */
  degraded_by: string | null
  /** The crawl's requests by kind (`CrawlRequests` as JSON); null for a file source or a run from before. */
  requests_json: string | null
  /**
   * Percent of the run's parsed listings that had each watched field (`FillRates` as JSON); null when the run parsed
   * too few listings, too many were rejected, or it is from before. Every non-null value is a fill baseline.
   */
  fill_rates_json: string | null
  /** Listings the source showed once the run was over; null for runs from before it was kept. */
  active_listings: number | null
}

/** A listing source some run has known (see migration 015). */
export interface SourceCatalogueTable {
  id: string
  name: string
  /** When a run first registered it. */
  registered_at: string
  /** The adapter it is read with when that is another source's: `feed` for a named partner feed (migration 025). */
  adapter: string | null
  /** What the code says of it (migration 026): `crawl` or `file`; null in a row no run has registered since. */
  kind: 'crawl' | 'file' | null
  /** `http` or `browser` for a crawled site; null for a file source. */
  render: string | null
  /** Its offer types, a JSON array. */
  offers_json: string | null
  homepage: string | null
  /** Its politeness (`Politeness`) as JSON; null for a file source. */
  politeness_json: string | null
  /** What its terms say about automated collection: `allows`, `forbids` or `unknown`. */
  terms: string | null
  /** How its parser was checked (`Evidence`), as JSON. */
  evidence_json: string | null
  /** The preset a site file is built on; null for a code adapter. */
  preset: string | null
  /** The cities it covers, a JSON array; null for the whole country. */
  regions_json: string | null
  /** Its place in the trust order, lower wins in golden records; null for a source with none. */
  trust_rank: number | null
  /** 1 when the code that last registered the sources had it: a run can read it. */
  registered: Generated<number>
}

/** A row a source produced that failed validation, kept with its reason. */
export interface RejectTable {
  id: Generated<number>
  run_id: number
  source_id: string
  url: string | null
  reason: string
  payload: string | null
  created_at: string
}

/** Columns shared by a staged and a stored source observation: the parsed listing plus normalise/resolve output. */
export interface ObservationColumns {
  source_id: string
  source_listing_id: string
  url: string
  type: 'rent' | 'buy'
  price: number | null
  price_on_request: number
  surface_area: number | null
  rooms: number | null
  energy_label: string | null
  year_built: number | null
  dwelling_type: string | null
  street: string | null
  house_number: string | null
  postcode: string | null
  city: string | null
  city_key: string | null
  listed_at: string | null
  address_key: string | null
  bag_vbo_id: string | null
  bag_num_id: string | null
  resolution: string
}

/** A listing as fetched in the current run, before publish moves it into `observations`. */
export interface StageObservationTable extends ObservationColumns {
  run_id: number
  /** How this run verified the listing; null for a listing read from a file. */
  verified_by: VerifiedBy | null
}

/** How a crawl last verified a listing: by its search card, by reading its detail page, or by a 304 for it. */
export type VerifiedBy = 'list' | 'detail' | 'not-modified'

/** One row per source listing ever seen, with its lifecycle. */
export interface ObservationTable extends ObservationColumns {
  id: Generated<number>
  listing_id: number | null
  first_seen: string
  last_seen: string
  last_run_id: number
  missing_runs: number
  status: 'active' | 'withdrawn'
  /** The latest points of its `price_history`, oldest first, as its listing serves them. */
  price_history_json: string
  /** When a run last verified the listing (the run's start), and how; null before freshness was kept. */
  verified_at: string | null
  verified_by: VerifiedBy | null
}

/** Every price an observation has had, one row per change. */
export interface PriceHistoryTable {
  observation_id: number
  observed_at: string
  price: number | null
  run_id: number
}

/** Maps every identity a home has had (BAG id, address key, source id) to its stable listing id. */
export interface ListingIdentityTable {
  identity_key: string
  listing_id: number
}

/** A listing merged into another (one home two sites showed without its number): the old id answers as the survivor. */
export interface ListingAliasTable {
  listing_id: number
  survivor_id: number
  merged_at: string
}

/** The deduplicated listing the API serves (`lis_<id>`). */
export interface ListingTable {
  id: number
  type: 'rent' | 'buy'
  status: 'active' | 'withdrawn'
  bag_id: string | null
  street: string | null
  number: string | null
  postcode: string | null
  city: string | null
  city_key: string | null
  price: number | null
  surface_area: number | null
  /**
   * The kind of home (`DWELLING_TYPES`): what its sources state, the most trusted first; else the BAG's reading of the
   * home it resolved to (several homes in its building: apartment, else house); null when neither says.
   */
  dwelling_type: string | null
  source_name: string
  source_url: string
  sources_json: string
  /** The ids of the sources `sources_json` lists, as a JSON array: what the API's `source` filter matches. */
  source_ids: Generated<string>
  /** `[{observed_at, price}]` of the primary source's observation, oldest first. */
  price_history_json: string
  /**
   * When the home was first offered, `yyyy-mm-dd`: the earliest date its sources state, or null when none states one.
   * "Newest first" sorts by it (unknown dates last), then by `first_seen`, then by id.
   */
  listed_at: string | null
  first_seen: string
  last_seen: string
  withdrawn_at: string | null
  updated_generation: number
  /** The legal maximum of the home's bare rent, EUR a month, for a rental (see migration 032). */
  max_legal_rent_low: number | null
  max_legal_rent_high: number | null
  /** 1 when the asked rent is above the legal maximum, 0 when within it, null with the reason when neither is known. */
  above_legal_max: number | null
  above_legal_max_reason: string | null
}

export interface BagWoonplaatsTable {
  id: string
  naam: string
  status: string
  /** The BAG version (voorkomen) the row came from; the highest wins. */
  voorkomen: Generated<number>
}

export interface BagOpenbareRuimteTable {
  id: string
  naam: string
  verkorte_naam: string | null
  type: string
  status: string
  woonplaats_id: string | null
  /** The BAG version (voorkomen) the row came from; the highest wins. */
  voorkomen: Generated<number>
}

export interface BagNummeraanduidingTable {
  id: string
  huisnummer: number
  huisletter: string | null
  toevoeging: string | null
  postcode: string | null
  type_ao: string
  status: string
  openbare_ruimte_id: string
  woonplaats_id: string | null
  /** The BAG version (voorkomen) the row came from; the highest wins. */
  voorkomen: Generated<number>
}

/** Verblijfsobjecten, ligplaatsen and standplaatsen: every object a home can be. */
export interface BagObjectTable {
  id: string
  kind: 'verblijfsobject' | 'ligplaats' | 'standplaats'
  hoofdadres_id: string
  gebruiksdoel: string | null
  oppervlakte: number | null
  status: string
  x: number | null
  y: number | null
  /** The BAG version (voorkomen) the row came from; the highest wins. */
  voorkomen: Generated<number>
  /** Year built of its oldest standing pand (placeholders and far-future years excluded); computed at import. */
  bouwjaar: number | null
  /** Objects in its largest pand: several make an apartment; computed at import. */
  dwellings: number | null
}

/** Every address (hoofd- and nevenadres) of an object. */
export interface BagObjectAddressTable {
  object_id: string
  num_id: string
  is_hoofdadres: number
}

export interface BagObjectPandTable {
  object_id: string
  pand_id: string
}

export interface BagPandTable {
  id: string
  bouwjaar: number | null
  status: string
  /** The BAG version (voorkomen) the row came from; the highest wins. */
  voorkomen: Generated<number>
}

/**
 * The flattened address index used to resolve listings: one row per nummeraanduiding of a current object,
 * rebuilt after every BAG import.
 */
export interface BagAddressTable {
  num_id: string
  object_id: string
  is_hoofdadres: number
  postcode: string | null
  huisnummer: number
  huisletter: string | null
  toevoeging: string | null
  street: string
  street_key: string
  city: string
  city_key: string
  oppervlakte: number | null
}

/** One Golden Record per BAG object: what every source says about a home, merged, with provenance. */
export interface GoldenRecordTable {
  bag_id: string
  num_id: string | null
  street: string | null
  number: string | null
  postcode: string | null
  city: string | null
  city_key: string | null
  year_built: number | null
  energy_label: string | null
  woz_value: number | null
  woz_reference_date: string | null
  surface_area: number | null
  use_purpose: string | null
  dwelling_type: string | null
  /** Compact, not the API's object form: see `storeProvenance` (src/merge/stored-provenance.ts). */
  provenance_json: string
  input_hash: string
  updated_generation: number
}

/** The valuation models fitted at publish; the publish values every record with them. */
export interface ValuationModelTable {
  kind: 'sale' | 'rent'
  generation: number
  fitted_at: string
  model_json: string
}

/** Each home's valuation as the API serves it, written at publish (see migration 031). */
export interface ValuationTable {
  bag_id: string
  valuation_json: string
  record_hash: string
  models_key: string
  generation: number
  /** The Golden Record's `rent_regulation`; null for a home that is not a dwelling (see migration 032). */
  rent_regulation_json: string | null
  regulation_key: string | null
  /** The generation that last wrote the rent regulation (see migration 033). */
  regulation_generation: number | null
}

/** Counts of active listings per (city, type), written at publish so `meta.total` never scans. */
export interface ListingCountTable {
  city_key: string
  type: string
  n: number
}

/** The single row that says which data the API serves. */
export interface PublicationTable {
  id: number
  generation: number
  run_id: number | null
  published_at: string
}

/** A PDOK Locatieserver answer for an address missing from the local BAG (null ids: PDOK had no exact match). */
export interface PdokLookupTable {
  address_key: string
  object_id: string | null
  num_id: string | null
  street: string | null
  huisnummer: number | null
  huisletter: string | null
  toevoeging: string | null
  postcode: string | null
  city: string | null
  looked_up_at: string
}

/** The energy label that counts for one object (BAG verblijfsobject, ligplaats or standplaats), from EP-Online. */
export interface EnergyLabelTable {
  object_id: string
  /** 'A+++++' … 'G'. */
  label: string
  /** ISO date the label was registered; the newest registration wins. */
  registered_at: string
  valid_until: string | null
  /** ISO date of the inspection (opnamedatum). */
  recorded_at: string | null
  /** 'W' (woningbouw) or 'U' (utiliteitsbouw). */
  building_class: string | null
  year_built: number | null
  /** 1 for a 2015–2020 "vereenvoudigd" label, which was not inspected. */
  simplified: number
  /** 'bulk' (the mutatiebestand) or 'api' (a v5 lookup). */
  origin: 'bulk' | 'api'
  fetched_at: string
}

/** When EP-Online's API was last asked about an object, and what it said. */
export interface EnergyLabelLookupTable {
  object_id: string
  outcome: 'found' | 'none' | 'expired'
  looked_up_at: string
}

/** One WOZ value of one nummeraanduiding at one peildatum (1 January of the year before the tax year). */
export interface WozValueTable {
  num_id: string
  peildatum: string
  value: number
  /** The object we looked the address up for. */
  object_id: string
  fetched_at: string
}

/** When the WOZ-waardeloket was last asked about an address, and what it said. */
export interface WozLookupTable {
  num_id: string
  object_id: string
  outcome: 'found' | 'none' | 'failed'
  newest_peildatum: string | null
  looked_up_at: string
}

/** Objects whose register facts changed since their golden record was written; publish drains it. */
export interface RegisterChangeTable {
  object_id: string
  changed_at: string
}

/**
 * What a page with this content yielded (listing ids, follow-up requests), valid for one parser and BAG version.
 * Written during the crawl; it counts only once its run published its source (`page_memo_publications`).
 */
export interface PageMemoTable {
  run_id: number
  source_id: string
  page_key: string
  content_hash: string
  validity: string
  yielded_json: string
  /** The validators the page came with, sent back on the next fetch to ask for a 304; null when it had none. */
  etag: string | null
  last_modified: string | null
  /** `list` or `detail`; null for memos written before pages were told apart. */
  label: 'list' | 'detail' | null
  /** A detail page's search card, as the crawl digested it; null when no card led to the page. */
  card_hash: string | null
}

/**
 * A run that published a source: that run's memos of the source count. Run 0 stands for the memos a database held
 * before memos were tagged with their run.
 */
export interface PageMemoPublicationTable {
  run_id: number
  source_id: string
}

/** One search of a crawl source (a city and offer type) and the runs that last started and completed it. */
export interface CrawlSearchTable {
  source_id: string
  city_key: string
  type: string
  last_started_run_id: number | null
  last_completed_run_id: number | null
  /** ISO timestamp of the last completion; null for a search never completed. */
  last_completed_at: string | null
}

/** Small facts about the data, e.g. the BAG extract's reference date. */
export interface MetaTable {
  key: string
  value: string
}

export interface ApiKeyTable {
  id: Generated<number>
  name: string
  key_hash: string
  key_prefix: string
  created_at: string
  revoked_at: string | null
}

/** The run lock's single row: which process holds it (see `src/ops/run-lock.ts`). */
export interface RunLockTable {
  id: number
  pid: number
  /** Identifies the process beyond its pid (boot id and start time on Linux), so a reused pid is not mistaken. */
  process_start: string | null
  host: string
  command: string
  acquired_at: string
}

/** The whole database, as kysely sees it. */
export interface Database {
  runs: RunTable
  run_sources: RunSourceTable
  source_catalogue: SourceCatalogueTable
  run_lock: RunLockTable
  rejects: RejectTable
  stage_observations: StageObservationTable
  observations: ObservationTable
  price_history: PriceHistoryTable
  listing_identities: ListingIdentityTable
  listing_aliases: ListingAliasTable
  listings: ListingTable
  bag_woonplaats: BagWoonplaatsTable
  bag_openbare_ruimte: BagOpenbareRuimteTable
  bag_nummeraanduiding: BagNummeraanduidingTable
  bag_objects: BagObjectTable
  bag_object_addresses: BagObjectAddressTable
  bag_object_panden: BagObjectPandTable
  bag_panden: BagPandTable
  bag_addresses: BagAddressTable
  golden_records: GoldenRecordTable
  valuation_models: ValuationModelTable
  valuations: ValuationTable
  listing_counts: ListingCountTable
  publication: PublicationTable
  api_keys: ApiKeyTable
  meta: MetaTable
  pdok_lookups: PdokLookupTable
  energy_labels: EnergyLabelTable
  energy_label_lookups: EnergyLabelLookupTable
  woz_values: WozValueTable
  woz_lookups: WozLookupTable
  register_changes: RegisterChangeTable
  page_memos: PageMemoTable
  page_memo_publications: PageMemoPublicationTable
  crawl_searches: CrawlSearchTable
}

export type ListingRow = Selectable<ListingTable>
export type ObservationRow = Selectable<ObservationTable>
export type GoldenRecordRow = Selectable<GoldenRecordTable>
export type RunRow = Selectable<RunTable>
export type RunSourceRow = Selectable<RunSourceTable>
export type NewStageObservation = Insertable<StageObservationTable>
