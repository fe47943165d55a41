import type { Store } from './database.js'
import { lastRunPerSource, type SourceRunHistory } from './runs.repository.js'

/** What a registry says about a listing source: enough to list it. */
export interface RegisteredSource {
  readonly id: string
  readonly name: string
  /** The registered adapter it is read with, when that is another source's (a named partner feed). */
  readonly adapter?: string
}

/** A listing source as the database and a registry know it. */
export interface ListingSourceState {
  readonly id: string
  readonly name: string
  /** The adapter it is read with when that is another source's (`feed` for a named partner feed); else null. */
  readonly adapter: string | null
  /** In the registry the caller passed, or read with an adapter that is: the code at hand can run it. */
  readonly registered: boolean
  /** Its last run was its retirement: its listings were withdrawn, and a run over every source leaves it out. */
  readonly retired: boolean
  readonly lastRun: SourceRunHistory['last'] | null
  readonly lastSuccessAt: string | null
  /** Listings it currently shows. */
  readonly activeListings: number
}

/** Adds the sources of a registry to `source_catalogue`, and updates the names and adapters of those it had. */
export async function registerSources(
  store: Store,
  sources: readonly RegisteredSource[],
  now: string,
): Promise<void> {
  const unique = [...new Map(sources.map((s) => [s.id, s])).values()]
  if (unique.length === 0) return
  await store.db
    .insertInto('source_catalogue')
    .values(unique.map((s) => ({ id: s.id, name: s.name, adapter: s.adapter ?? null, registered_at: now })))
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), adapter: eb.ref('excluded.adapter') })),
    )
    .execute()
}

/**
 * Every listing source the database or the given registry knows: those of the registry first, in its order, then
 * those only the database knows (registered by a newer registry than the caller's, or dropped from it), by id.
 */
export async function readListingSources(
  store: Store,
  registry: readonly RegisteredSource[],
): Promise<ListingSourceState[]> {
  const runs = await lastRunPerSource(store)
  const catalogue = await store.db.selectFrom('source_catalogue').select(['id', 'name', 'adapter']).execute()
  const active = await activeListingsPerSource(store)
  const names = new Map(catalogue.map((c) => [c.id, c.name]))
  const adapters = new Map(catalogue.map((c) => [c.id, c.adapter]))
  const registered = new Map(registry.map((s) => [s.id, s.name]))
  const others = [...new Set([...names.keys(), ...runs.keys(), ...active.keys()])]
    .filter((id) => !registered.has(id))
    .sort()
  return [...registered.keys(), ...others].map((id) => {
    const run = runs.get(id)
    const adapter = registered.has(id) ? null : (adapters.get(id) ?? null)
    return {
      id,
      name: registered.get(id) ?? names.get(id) ?? id,
      adapter,
      registered: registered.has(id) || (adapter !== null && registered.has(adapter)),
      retired: run?.last.status === 'retired',
      lastRun: run?.last ?? null,
      lastSuccessAt: run?.lastSuccessAt ?? null,
      activeListings: active.get(id) ?? 0,
    }
  })
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
