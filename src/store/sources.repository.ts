import type { Selectable } from 'kysely'
import type { OfferType, Politeness, RenderMode, Terms } from '../kit/adapter.js'
import type { Evidence } from '../kit/evidence.js'
import type { Store } from './database.js'
import { lastRunPerSource, type SourceRunHistory } from './runs.repository.js'
import type { SourceCatalogueTable } from './schema.js'

/** What the code says of a listing source, as the catalogue keeps it for readers that load no adapter. */
export interface SourceFacts {
  readonly kind: 'crawl' | 'file'
  /** How its pages are fetched; null for a file source. */
  readonly render: RenderMode | null
  readonly offers: readonly OfferType[]
  /** Null for a file source. */
  readonly homepage: string | null
  /** Null for a file source, which sends no requests. */
  readonly politeness: Politeness | null
  readonly terms: Terms
  readonly evidence: Evidence
  /** The platform preset a site file is built on; null for a code adapter. */
  readonly preset: string | null
  /** The cities it lists homes in; null when it covers the whole country. */
  readonly regions: readonly string[] | null
}

/** One listing source as a run registers it in the catalogue. */
export interface CatalogueEntry {
  readonly id: string
  readonly name: string
  /** The adapter it is read with when that is another source's (a named partner feed); else null. */
  readonly adapter: string | null
  readonly facts: SourceFacts
  /** Its place in the trust order (lower wins); null for a source outside the registry (a named partner feed). */
  readonly trustRank: number | null
  /** In the registry of the code that registers it: a run can read it. */
  readonly registered: boolean
}

/** A listing source as the database knows it. */
export interface ListingSourceState {
  readonly id: string
  readonly name: string
  /** The adapter it is read with when that is another source's (`feed` for a named partner feed); else null. */
  readonly adapter: string | null
  /** What the code said of it when it was last registered (its adapter's, for a named feed); null if never. */
  readonly facts: SourceFacts | null
  /** Registered by the last registration, or read with an adapter that was: a run can read it. */
  readonly registered: boolean
  /** Its last run was its retirement: its listings were withdrawn, and a run over every source leaves it out. */
  readonly retired: boolean
  readonly lastRun: SourceRunHistory['last'] | null
  readonly lastSuccessAt: string | null
  /** Listings it currently shows. */
  readonly activeListings: number
}

/** What a registration rewrites in a row it had: all but the id and when it was first registered. */
const REGISTERED_COLUMNS = [
  'name',
  'adapter',
  'kind',
  'render',
  'offers_json',
  'homepage',
  'politeness_json',
  'terms',
  'evidence_json',
  'preset',
  'regions_json',
  'trust_rank',
  'registered',
] as const

const json = (value: unknown) => (value === null ? null : JSON.stringify(value))

/**
 * Writes what the code says of each source to `source_catalogue`, in one transaction: the entries replace what the
 * rows said, and every other row is left unregistered and unranked, so that the catalogue says what the registering
 * code can run. A row keeps its first `registered_at`.
 */
export async function registerCatalogue(
  store: Store,
  entries: readonly CatalogueEntry[],
  now: string,
): Promise<void> {
  const unique = [...new Map(entries.map((e) => [e.id, e])).values()]
  const rows = unique.map((e) => ({
    id: e.id,
    name: e.name,
    adapter: e.adapter,
    registered_at: now,
    kind: e.facts.kind,
    render: e.facts.render,
    offers_json: json(e.facts.offers),
    homepage: e.facts.homepage,
    politeness_json: json(e.facts.politeness),
    terms: e.facts.terms,
    evidence_json: json(e.facts.evidence),
    preset: e.facts.preset,
    regions_json: json(e.facts.regions),
    trust_rank: e.trustRank,
    registered: e.registered ? 1 : 0,
  }))
  await store.db.transaction().execute(async (tx) => {
    let others = tx.updateTable('source_catalogue').set({ registered: 0, trust_rank: null })
    if (rows.length > 0)
      others = others.where(
        'id',
        'not in',
        rows.map((r) => r.id),
      )
    await others.execute()
    if (rows.length === 0) return
    await tx
      .insertInto('source_catalogue')
      .values(rows)
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet((eb) =>
            Object.fromEntries(REGISTERED_COLUMNS.map((c) => [c, eb.ref(`excluded.${c}`)])),
          ),
      )
      .execute()
  })
}

type CatalogueRow = Selectable<SourceCatalogueTable>

/** The facts a row holds; null for a row no run has registered since the catalogue kept them. */
function factsOf(row: CatalogueRow | undefined): SourceFacts | null {
  if (!row?.kind) return null
  return {
    kind: row.kind,
    render: row.render as RenderMode | null,
    offers: JSON.parse(row.offers_json ?? '[]') as OfferType[],
    homepage: row.homepage,
    politeness: row.politeness_json === null ? null : (JSON.parse(row.politeness_json) as Politeness),
    terms: row.terms as Terms,
    evidence: JSON.parse(row.evidence_json ?? 'null') as Evidence,
    preset: row.preset,
    regions: row.regions_json === null ? null : (JSON.parse(row.regions_json) as string[]),
  }
}

/**
 * Every listing source the database knows: those of its catalogue with a trust rank first, in trust order (the
 * registry's order), then the others (named feeds, sources no longer registered, sources only runs or listings
 * name) by id.
 */
export async function readListingSources(store: Store): Promise<ListingSourceState[]> {
  const runs = await lastRunPerSource(store)
  const catalogue = await store.db.selectFrom('source_catalogue').selectAll().execute()
  const active = await activeListingsPerSource(store)
  const rows = new Map(catalogue.map((c) => [c.id, c]))
  const ranked = catalogue
    .filter((c) => c.trust_rank !== null)
    .sort((a, b) => a.trust_rank! - b.trust_rank!)
    .map((c) => c.id)
  const others = [...new Set([...rows.keys(), ...runs.keys(), ...active.keys()])]
    .filter((id) => rows.get(id)?.trust_rank == null)
    .sort()
  return [...ranked, ...others].map((id) => {
    const row = rows.get(id)
    const run = runs.get(id)
    // A named partner feed is read with another source's adapter, whose facts and registration it shares.
    const adapter = row?.adapter ? rows.get(row.adapter) : undefined
    return {
      id,
      name: row?.name ?? id,
      adapter: row?.adapter ?? null,
      facts: factsOf(adapter ?? row),
      registered: row?.registered === 1 || adapter?.registered === 1,
      retired: run?.last.status === 'retired',
      lastRun: run?.last ?? null,
      lastSuccessAt: run?.lastSuccessAt ?? null,
      activeListings: active.get(id) ?? 0,
    }
  })
}

/** The listing sources of the catalogue's trust order, most trusted first. */
export async function readTrustOrder(store: Store): Promise<string[]> {
  const rows = await store.db
    .selectFrom('source_catalogue')
    .select('id')
    .where('trust_rank', 'is not', null)
    .orderBy('trust_rank')
    .execute()
  return rows.map((r) => r.id)
}

/** Per listing source, the listings it currently shows (its active observations); a source with none is absent. */
export async function activeListingsPerSource(store: Store): Promise<Map<string, number>> {
  const counts = await store.db
    .selectFrom('observations')
    .select(['source_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'active')
    .groupBy('source_id')
    .execute()
  return new Map(counts.map((c) => [c.source_id, c.n]))
}

/**
 * Per listing source, the oldest `verified_at` among the listings it currently shows: when the least recently
 * checked of them was last checked. Listings never verified (kept from before verification was recorded) are left
 * out as unknown, so a source none of whose listings has been verified is absent. Not indexed: every crawl moves
 * `verified_at` on most rows, and an index would be rewritten with them; readers cache the answer per run.
 */
export async function oldestVerifiedPerSource(store: Store): Promise<Map<string, string>> {
  const rows = await store.db
    .selectFrom('observations')
    .select(['source_id', (eb) => eb.fn.min('verified_at').as('oldest')])
    .where('status', '=', 'active')
    .where('verified_at', 'is not', null)
    .groupBy('source_id')
    .execute()
  return new Map(rows.flatMap((r) => (r.oldest === null ? [] : [[r.source_id, r.oldest] as const])))
}
