import type BetterSqlite3 from 'better-sqlite3'
import { toCitySlug } from '../../src/kit/index.js'
import type { SampleCity, SampleHome } from '../sample/sample-home.js'
import type { SeededRandom } from '../seeded-random.js'

interface AddressRow {
  num_id: string
  object_id: string
  postcode: string
  huisnummer: number
  huisletter: string | null
  toevoeging: string | null
  street: string
  city: string
  oppervlakte: number
  bouwjaar: number | null
  neighbours: number
}

/** Every home address the BAG has that a listing can be for. */
const ADDRESSES = `
      select a.num_id, a.object_id, a.postcode, a.huisnummer, a.huisletter, a.toevoeging, a.street, a.city, o.oppervlakte,
             (select min(p.bouwjaar) from bag_object_panden op join bag_panden p on p.id = op.pand_id where op.object_id = o.id) as bouwjaar,
             (select count(*) from bag_object_panden op join bag_object_panden other on other.pand_id = op.pand_id where op.object_id = o.id) as neighbours
        from bag_addresses a join bag_objects o on o.id = a.object_id
       where a.is_hoofdadres = 1 and a.postcode is not null and o.kind = 'verblijfsobject'
         and o.gebruiksdoel like '%woonfunctie%' and o.oppervlakte between 15 and 400`

/** `count` of `rows` chosen by `rng` (a partial Fisher–Yates shuffle). */
function seededPick<T>(rows: T[], count: number, rng: SeededRandom): T[] {
  const n = Math.min(count, rows.length)
  for (let i = 0; i < n; i++) {
    const j = rng.int(i, rows.length - 1)
    ;[rows[i], rows[j]] = [rows[j]!, rows[i]!]
  }
  return rows.slice(0, n)
}

/** How listing sites print a woonplaats the BAG names formally. */
const DISPLAY_NAMES: Record<string, string> = { "'s-Gravenhage": 'Den Haag', "'s-Hertogenbosch": 'Den Bosch' }

const LABELS_BY_AGE: readonly [number, readonly string[]][] = [
  [1945, ['G', 'F', 'E', 'D', 'C']],
  [1975, ['F', 'E', 'D', 'C', 'B']],
  [1995, ['D', 'C', 'B', 'A']],
  [2010, ['C', 'B', 'A', 'A+']],
  [9999, ['A', 'A+', 'A++', 'A+++']],
]

/**
 * Picks `count` homes at random from a BAG already imported into `sqlite` (woonfunctie objects with a usable area),
 * as the sample builder's `SampleHome`s, and the cities they are in. Living area is a little below the BAG's usable
 * area, as on real listings. SQLite's own random order picks the homes unless `seeded`: then `rng` picks them, so
 * the same seed gives the same homes (a simulated market's tests depend on it).
 */
export function homesFromBag(
  sqlite: BetterSqlite3.Database,
  count: number,
  rng: SeededRandom,
  options: { readonly seeded?: boolean } = {},
): { homes: SampleHome[]; cities: SampleCity[] } {
  const rows = options.seeded
    ? seededPick(sqlite.prepare<[], AddressRow>(`${ADDRESSES} order by a.num_id`).all(), count, rng)
    : sqlite.prepare<[number], AddressRow>(`${ADDRESSES} order by random() limit ?`).all(count)
  const woonplaatsen = new Map(
    (sqlite.prepare('select id, naam from bag_woonplaats').all() as { id: string; naam: string }[]).map(
      (w) => [w.naam, w.id],
    ),
  )
  const cities = new Map<string, SampleCity>()
  const homes = rows.map((row): SampleHome => {
    const name = DISPLAY_NAMES[row.city] ?? row.city
    if (!cities.has(name)) {
      cities.set(name, {
        name,
        woonplaats: row.city,
        woonplaatsId: woonplaatsen.get(row.city) ?? '0000',
        gemeente: row.object_id.slice(0, 4),
        slug: toCitySlug(name),
      })
    }
    const year = row.bouwjaar ?? rng.int(1900, 2020)
    const labels = LABELS_BY_AGE.find(([until]) => year <= until)![1]
    return {
      vboId: row.object_id,
      numId: row.num_id,
      city: name,
      gemeente: row.object_id.slice(0, 4),
      street: row.street,
      postcode: row.postcode,
      huisnummer: row.huisnummer,
      huisletter: row.huisletter,
      toevoeging: row.toevoeging,
      area: Math.max(12, Math.round(row.oppervlakte * (0.9 + rng.next() * 0.08))),
      bagArea: row.oppervlakte,
      yearBuilt: row.bouwjaar,
      energyLabel: rng.chance(0.75) ? rng.pick(labels) : null,
      dwelling: row.neighbours > 1 ? 'apartment' : 'house',
      district: null,
    }
  })
  return { homes, cities: [...cities.values()] }
}
