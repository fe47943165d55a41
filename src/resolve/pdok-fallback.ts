import type { Fetcher } from '../fetch/fetcher.js'
import type { Politeness } from '../kit/adapter.js'
import { parseHouseNumber } from '../normalise/index.js'
import type { Store } from '../store/database.js'
import type { StageObservationTable } from '../store/schema.js'
import { type AddressRow, resolveByNumber } from './bag-resolver.js'

/** Where PDOK is and how gently to ask it. */
export interface PdokFallbackOptions {
  readonly fetcher: Fetcher
  /** @default 'https://api.pdok.nl/bzk/locatieserver/search/v3_1' */
  readonly baseUrl: string
  /** An answer is reused for this long. @default 30 days */
  readonly cacheDays?: number
}

/** What the fallback did in one run. */
export interface PdokFallbackReport {
  readonly candidates: number
  readonly lookedUp: number
  readonly fromCache: number
  readonly resolved: number
  readonly failed: number
}

/** PDOK is a public service: a few requests at a time, at most ten a second. */
const PDOK_POLITENESS: Politeness = { concurrency: 2, intervalCap: 10, interval: 1_000 }

interface PdokDoc {
  adresseerbaarobject_id?: string
  nummeraanduiding_id?: string
  huisnummer?: number
  huisletter?: string
  huisnummertoevoeging?: string
  postcode?: string
  straatnaam?: string
  woonplaatsnaam?: string
}

type Staged = StageObservationTable & { rowid: number }

/**
 * Looks up, in PDOK's Locatieserver, the staged listings of a run whose address is missing from the local BAG,
 * and resolves them only when PDOK returns an address whose postcode, number, letter and addition equal one of
 * the listing's readings: the Locatieserver ranks fuzzily and will happily answer "41A" to "12A".
 */
export async function resolveWithPdok(
  store: Store,
  runId: number,
  options: PdokFallbackOptions,
): Promise<PdokFallbackReport> {
  const { sqlite } = store
  const staged = sqlite
    .prepare<[number], Staged>(
      "select rowid, * from stage_observations where run_id = ? and resolution = 'not-found' and address_key is not null and house_number is not null",
    )
    .all(runId)
  const cached = sqlite.prepare<[string, string], { object_id: string | null; num_id: string | null }>(
    'select object_id, num_id from pdok_lookups where address_key = ? and looked_up_at >= ?',
  )
  const remember = sqlite.prepare(
    `insert into pdok_lookups (address_key, object_id, num_id, street, huisnummer, huisletter, toevoeging, postcode, city, looked_up_at)
     values (@address_key, @object_id, @num_id, @street, @huisnummer, @huisletter, @toevoeging, @postcode, @city, @looked_up_at)
     on conflict (address_key) do update set object_id = excluded.object_id, num_id = excluded.num_id, street = excluded.street,
       huisnummer = excluded.huisnummer, huisletter = excluded.huisletter, toevoeging = excluded.toevoeging,
       postcode = excluded.postcode, city = excluded.city, looked_up_at = excluded.looked_up_at`,
  )
  const update = sqlite.prepare(
    "update stage_observations set bag_vbo_id = @object_id, bag_num_id = @num_id, resolution = 'pdok' where rowid = @rowid",
  )
  const since = new Date(Date.now() - (options.cacheDays ?? 30) * 86_400_000).toISOString()
  const answers = new Map<string, Promise<{ object_id: string | null; num_id: string | null } | null>>()
  const counts = { candidates: staged.length, lookedUp: 0, fromCache: 0, resolved: 0, failed: 0 }

  const answer = (row: Staged) => {
    const key = row.address_key!
    let pending = answers.get(key)
    if (!pending) {
      const hit = cached.get(key, since)
      if (hit) {
        counts.fromCache += 1
        pending = Promise.resolve(hit)
      } else {
        pending = lookUp(row, options)
          .then((found) => {
            counts.lookedUp += 1
            remember.run({ address_key: key, looked_up_at: new Date().toISOString(), ...found })
            return { object_id: found.object_id, num_id: found.num_id }
          })
          .catch(() => {
            counts.failed += 1
            return null
          })
      }
      answers.set(key, pending)
    }
    return pending
  }

  await Promise.all(
    staged.map(async (row) => {
      const found = await answer(row)
      if (!found?.object_id) return
      update.run({ rowid: row.rowid, object_id: found.object_id, num_id: found.num_id })
      counts.resolved += 1
    }),
  )
  return counts
}

async function lookUp(row: Staged, options: PdokFallbackOptions) {
  const postcode = row.postcode!.replace(/\s/g, '')
  const houseNumber = parseHouseNumber(row.house_number)
  const none = {
    object_id: null,
    num_id: null,
    street: null,
    huisnummer: null,
    huisletter: null,
    toevoeging: null,
    postcode,
    city: null,
  }
  if (!houseNumber) return none
  const url = new URL(`${options.baseUrl}/free`)
  url.searchParams.set('q', `${postcode} ${houseNumber.huisnummer}`)
  url.searchParams.append('fq', 'type:adres')
  url.searchParams.append('fq', `postcode:${postcode}`)
  url.searchParams.append('fq', `huisnummer:${houseNumber.huisnummer}`)
  url.searchParams.set(
    'fl',
    'adresseerbaarobject_id nummeraanduiding_id huisnummer huisletter huisnummertoevoeging postcode straatnaam woonplaatsnaam',
  )
  url.searchParams.set('rows', '50')
  const response = await options.fetcher.fetch(
    { url: url.href, headers: { accept: 'application/json' } },
    PDOK_POLITENESS,
  )
  const docs = (JSON.parse(response.body) as { response?: { docs?: PdokDoc[] } }).response?.docs ?? []
  // Trust nothing PDOK ranked: keep only addresses at exactly this postcode and number, then match the readings.
  const exact = docs.filter(
    (d) => d.postcode === postcode && d.huisnummer === houseNumber.huisnummer && d.adresseerbaarobject_id,
  )
  const rows: AddressRow[] = exact.map((d) => ({
    num_id: d.nummeraanduiding_id ?? '',
    object_id: d.adresseerbaarobject_id!,
    huisletter: d.huisletter ?? null,
    toevoeging: d.huisnummertoevoeging ?? null,
  }))
  const resolution = resolveByNumber(rows, houseNumber)
  if (!resolution.objectId) return none
  const doc = exact.find((d) => d.adresseerbaarobject_id === resolution.objectId)!
  return {
    object_id: resolution.objectId,
    num_id: resolution.numId,
    street: doc.straatnaam ?? null,
    huisnummer: doc.huisnummer ?? null,
    huisletter: doc.huisletter ?? null,
    toevoeging: doc.huisnummertoevoeging ?? null,
    postcode,
    city: doc.woonplaatsnaam ?? null,
  }
}
