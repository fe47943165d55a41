import type BetterSqlite3 from 'better-sqlite3'
import { agreeOnEveryFact, type HomeFacts } from './same-home.js'

/** One active observation of a candidate pair, with its listing and what it says about the home. */
interface Member extends HomeFacts {
  readonly id: number
  readonly listingId: number
}

/** A listing as the pairing rule needs to know it: every source it has, its active members, whether it is resolved. */
interface ListingSide {
  readonly sources: Set<string>
  active: number
  resolved: boolean
}

const FACTS = `street, house_number as houseNumber, postcode, dwelling_type as dwellingType, listed_at as listedAt,
  bag_vbo_id as bagId`

/**
 * Pairs of active observations on two sources and in two listings that share offer type, place, price and area, at
 * least one of them without a BAG object (two resolved ones are two homes, or they would share a listing). Each pair
 * once: an unresolved observation meets a resolved one from its side, another unresolved one only from the lower id.
 */
const CANDIDATE_PAIRS = `
  select a.id as a, b.id as b
    from observations a
    join observations b indexed by observations_by_offer_facts
      on b.status = 'active' and b.city_key = a.city_key and b.type = a.type and b.price = a.price
     and b.surface_area = a.surface_area
   where a.status = 'active' and a.bag_vbo_id is null and a.city_key is not null and a.price is not null
     and a.surface_area is not null and b.listing_id <> a.listing_id and b.source_id <> a.source_id
     and (b.bag_vbo_id is not null or b.id > a.id)`

/**
 * Merges the listings of one home that two or more sites show without a number to resolve it by: listings of
 * different sources that agree on every fact both know ({@link agreeOnEveryFact}) where the pairing is unique.
 * Precision first, as everywhere in the dedupe: a wrong merge hides a home.
 *
 * - Two listings pair when they share no source (never two listings of one source), at most one of them is resolved
 *   to the BAG, and every active member of one agrees with every active member of the other.
 * - Listings that pair form groups; a group merges only when every two of its listings pair (one home on three
 *   sites merges; a listing that pairs with two listings of one site, which do not pair with each other, is
 *   ambiguous and merges with neither).
 * - The oldest listing (lowest id) survives; the others become its aliases, and their identities now name it, so
 *   the merge holds on later runs. A merge is kept when the facts drift apart later (a price changed on one site
 *   first), as any identity is; only a BAG object that tells the two apart splits them again.
 *
 * Adds the listings it changed to `publish_listings`; returns how many listings it merged away.
 */
export function mergeListingsByFacts(sqlite: BetterSqlite3.Database, now: string): number {
  const pairs = sqlite.prepare<[], { a: number; b: number }>(CANDIDATE_PAIRS).all()
  if (pairs.length === 0) return 0
  const members = readMembers(sqlite, pairs)
  const listings = readListingSides(sqlite, members)
  const agreeing = new Map<string, number>()
  for (const { a, b } of pairs) {
    const x = members.get(a)!
    const y = members.get(b)!
    if (!agreeOnEveryFact(x, y)) continue
    const key = pairKey(x.listingId, y.listingId)
    agreeing.set(key, (agreeing.get(key) ?? 0) + 1)
  }
  const edges: [number, number][] = []
  for (const [key, n] of agreeing) {
    const [x, y] = key.split(':').map(Number) as [number, number]
    if (listingsPair(listings.get(x)!, listings.get(y)!, n)) edges.push([x, y])
  }
  return applyMerges(sqlite, mergeableGroups(edges), now)
}

const pairKey = (x: number, y: number) => (x < y ? `${x}:${y}` : `${y}:${x}`)

/** The facts of every observation in a pair, by id. */
function readMembers(
  sqlite: BetterSqlite3.Database,
  pairs: readonly { a: number; b: number }[],
): Map<number, Member> {
  const ids = [...new Set(pairs.flatMap((p) => [p.a, p.b]))]
  const rows = sqlite
    .prepare<[string], Member>(
      `select o.id, o.listing_id as listingId, ${FACTS} from json_each(?) j cross join observations o on o.id = j.value`,
    )
    .all(JSON.stringify(ids))
  return new Map(rows.map((r) => [r.id, r]))
}

/** Every member of the pairs' listings, withdrawn ones too: the sources a listing has ever had. */
function readListingSides(
  sqlite: BetterSqlite3.Database,
  members: ReadonlyMap<number, Member>,
): Map<number, ListingSide> {
  const ids = [...new Set([...members.values()].map((m) => m.listingId))]
  const rows = sqlite
    .prepare<[string], { listing_id: number; source_id: string; active: number; resolved: number }>(
      `select o.listing_id, o.source_id, o.status = 'active' as active, o.bag_vbo_id is not null as resolved
         from json_each(?) j cross join observations o on o.listing_id = j.value`,
    )
    .all(JSON.stringify(ids))
  const sides = new Map<number, ListingSide>()
  for (const row of rows) {
    const side = sides.get(row.listing_id) ?? { sources: new Set(), active: 0, resolved: false }
    sides.set(row.listing_id, side)
    side.sources.add(row.source_id)
    if (row.active) {
      side.active += 1
      if (row.resolved) side.resolved = true
    }
  }
  return sides
}

/**
 * Two listings pair when they share no source, at most one is resolved, and each of the `agreeing` pairs of their
 * active members is all of them.
 */
function listingsPair(x: ListingSide, y: ListingSide, agreeing: number): boolean {
  if (x.resolved && y.resolved) return false
  for (const source of x.sources) if (y.sources.has(source)) return false
  return agreeing === x.active * y.active
}

/**
 * The groups of listings that pair, where every two listings of a group pair; each group lowest id first. A group
 * that is not complete is ambiguous and merges nothing.
 */
export function mergeableGroups(edges: readonly (readonly [number, number])[]): number[][] {
  const parent = new Map<number, number>()
  const root = (x: number): number => {
    let r = x
    while (parent.get(r) !== undefined && parent.get(r) !== r) r = parent.get(r)!
    parent.set(x, r)
    return r
  }
  for (const [x, y] of edges) {
    if (!parent.has(x)) parent.set(x, x)
    if (!parent.has(y)) parent.set(y, y)
    parent.set(root(x), root(y))
  }
  const groups = new Map<number, { ids: Set<number>; edges: number }>()
  for (const [x, y] of edges) {
    const r = root(x)
    const group = groups.get(r) ?? { ids: new Set<number>(), edges: 0 }
    groups.set(r, group)
    group.ids.add(x).add(y)
    group.edges += 1
  }
  return [...groups.values()]
    .filter((g) => g.edges === (g.ids.size * (g.ids.size - 1)) / 2)
    .map((g) => [...g.ids].sort((a, b) => a - b))
}

/**
 * Merges each group into its lowest id, set-based: its members move, its identities name the survivor, the others
 * become aliases of it (and earlier aliases of them too, so an alias names a listing, never another alias), and all
 * of them are rebuilt. Returns how many listings were merged away.
 */
function applyMerges(sqlite: BetterSqlite3.Database, groups: readonly number[][], now: string): number {
  const merged = groups.flatMap(([survivor, ...others]) => others.map((id) => [id, survivor!]))
  if (merged.length === 0) return 0
  sqlite.prepare('delete from publish_merges').run()
  const insert = sqlite.prepare('insert into publish_merges (listing_id, survivor_id) values (?, ?)')
  for (const [id, survivor] of merged) insert.run(id, survivor)
  sqlite.exec(`
    update observations set listing_id = m.survivor_id from publish_merges m where observations.listing_id = m.listing_id;
    update listing_identities set listing_id = m.survivor_id from publish_merges m where listing_identities.listing_id = m.listing_id;
    update listing_aliases set survivor_id = m.survivor_id from publish_merges m where listing_aliases.survivor_id = m.listing_id;
    insert or ignore into publish_listings (listing_id) select listing_id from publish_merges union select survivor_id from publish_merges;
  `)
  sqlite
    .prepare(
      'insert or replace into listing_aliases (listing_id, survivor_id, merged_at) select listing_id, survivor_id, ? from publish_merges',
    )
    .run(now)
  return merged.length
}
