import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LISTING_SELECT, NEWEST_FIRST, VERIFICATION_SQL } from '../../src/api/listing-json.js'
import { LISTING_FILTERS, searchQueries } from '../../src/api/listing-search.js'
import { DWELLING_TYPES } from '../../src/kit/listing.js'
import { cityKey } from '../../src/normalise/index.js'
import { get, KEY, useSampleApi } from '../helpers/api-fixture.js'

interface ListingBody {
  data: {
    id: string
    type: string
    price: number | null
    address: { city: string | null }
    listed_at: string | null
    first_seen: string
  }[]
  meta: { total: number; page: number; page_size: number }
}

// A limit the property test's hundreds of requests stay under (the rate limit has tests of its own).
const fixture = useSampleApi({ rateLimitPerMinute: 100_000 })
const body = (res: { body: string }) => JSON.parse(res.body) as ListingBody

/** Every active listing the query (`&city=…`) finds, page after page of 40. */
async function everyPage(query: string): Promise<ListingBody['data']> {
  const all: ListingBody['data'] = []
  for (let page = 1; ; page++) {
    const b = body(await get(fixture, `/v1/listings?page_size=40&page=${page}${query}`))
    all.push(...b.data)
    if (page * 40 >= b.meta.total) return all
  }
}
const count = (where: string, ...params: unknown[]) =>
  (
    fixture.store.sqlite
      .prepare(`select count(*) as n from listings where status = 'active' ${where}`)
      .get(...params) as { n: number }
  ).n

describe('GET /v1/listings: authentication', () => {
  it('answers 401 problem+json without a key, before looking at the query', async () => {
    const res = await get(fixture, '/v1/listings?page=abc', {})
    expect(res.statusCode).toBe(401)
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(JSON.parse(res.body)).toMatchObject({ status: 401, title: 'Unauthorized' })
  })
  it('answers 401 for an unknown key, without saying whether it exists', async () => {
    const res = await get(fixture, '/v1/listings', { 'x-api-key': 'nope' })
    expect(res.statusCode).toBe(401)
    expect(res.body).not.toMatch(/nope/)
  })
})

describe('GET /v1/listings: results', () => {
  it('returns the contract shape with defaults page 1 and page_size 20', async () => {
    const res = await get(fixture, '/v1/listings')
    expect(res.statusCode).toBe(200)
    const b = body(res)
    expect(b.meta).toEqual({ total: count(''), page: 1, page_size: 20 })
    expect(b.data).toHaveLength(20)
    for (const listing of b.data) {
      expect(listing.id).toMatch(/^lis_\d+$/)
      expect(listing).toHaveProperty('address.street')
      expect(listing).toHaveProperty('address.number')
      expect(listing).toHaveProperty('address.postcode')
      expect(listing).toHaveProperty('source.name')
      expect(listing).toHaveProperty('source.url')
      expect(listing).toHaveProperty('surface_area')
    }
  })

  it('matches the city case-insensitively and through aliases', async () => {
    const a = body(await get(fixture, '/v1/listings?city=den%20haag&page_size=100'))
    const b = body(await get(fixture, "/v1/listings?city='s-Gravenhage&page_size=100"))
    const c = body(await get(fixture, '/v1/listings?city=DEN%20HAAG&page_size=100'))
    expect(a.meta.total).toBeGreaterThan(10)
    expect(b.meta.total).toBe(a.meta.total)
    expect(c.data.map((l) => l.id)).toEqual(a.data.map((l) => l.id))
  })

  it('combines filters with AND and treats price bounds as inclusive', async () => {
    const all = body(await get(fixture, '/v1/listings?city=Amsterdam&type=rent&page_size=100')).data
    const price = all.find((l) => l.price !== null)!.price!
    const exact = body(
      await get(
        fixture,
        `/v1/listings?city=Amsterdam&type=rent&min_price=${price}&max_price=${price}&page_size=100`,
      ),
    )
    expect(exact.meta.total).toBe(all.filter((l) => l.price === price).length)
    expect(exact.data.every((l) => l.price === price)).toBe(true)
    const range = body(await get(fixture, '/v1/listings?min_price=1000&max_price=2000&page_size=100'))
    expect(range.meta.total).toBe(count('and price between 1000 and 2000'))
    expect(range.data.every((l) => l.price! >= 1000 && l.price! <= 2000)).toBe(true)
  })

  it('answers 200 with data [] and total 0 when nothing matches', async () => {
    const b = body(await get(fixture, '/v1/listings?city=Atlantis'))
    expect(b).toEqual({ data: [], meta: { total: 0, page: 1, page_size: 20 } })
    expect(body(await get(fixture, '/v1/listings?type=buy&city=Atlantis')).meta.total).toBe(0)
  })

  it('answers a page past the end with 200 and data []', async () => {
    const res = await get(fixture, '/v1/listings?city=Utrecht&page=99')
    expect(res.statusCode).toBe(200)
    expect(body(res)).toMatchObject({
      data: [],
      meta: { page: 99, total: count("and city_key = 'utrecht'") },
    })
  })

  it('gives listed_at as the date the site states, yyyy-mm-dd, or null when it states none', async () => {
    const all = await everyPage('')
    expect(all.length).toBe(count(''))
    for (const listing of all) expect(listing.listed_at ?? 'null').toMatch(/^(\d{4}-\d{2}-\d{2}|null)$/)
    // The sample has listings of both kinds (Kamernet's search results give no date).
    expect(all.some((l) => l.listed_at === null)).toBe(true)
    expect(all.some((l) => l.listed_at !== null)).toBe(true)
  })

  it('orders newest first by listed_at, listings without a date last, then first_seen, then id, across pages', async () => {
    for (const query of ['', '&city=Amsterdam', '&type=rent', '&min_price=1000']) {
      const all = await everyPage(query)
      expect(new Set(all.map((l) => l.id)).size, query).toBe(all.length)
      const key = (l: ListingBody['data'][number]) => [l.listed_at ?? '', l.first_seen, Number(l.id.slice(4))]
      for (let i = 1; i < all.length; i++) {
        const [a, b] = [key(all[i - 1]!), key(all[i]!)]
        const before = a[0]! > b[0]! || (a[0] === b[0] && (a[1]! > b[1]! || (a[1] === b[1] && a[2]! > b[2]!)))
        expect(before, `${query}: ${all[i - 1]!.id} before ${all[i]!.id}`).toBe(true)
      }
      const whole = body(await get(fixture, `/v1/listings?page_size=100${query}`)).data.map((l) => l.id)
      expect(all.slice(0, 100).map((l) => l.id)).toEqual(whole)
    }
  })

  it('reads the page of every filter from an index that holds the order, without sorting', () => {
    for (const where of ['', "and city_key = 'amsterdam'", "and type = 'rent'", 'and price >= 1000']) {
      const plan = fixture.store.sqlite
        .prepare(
          `explain query plan select ${LISTING_SELECT.join(', ')}, ${VERIFICATION_SQL} from listings where status = 'active' ${where} order by ${NEWEST_FIRST} limit 20`,
        )
        .all()
        .map((row) => (row as { detail: string }).detail)
        .join('; ')
      expect(plan, where).toMatch(/USING INDEX listings_(city_)?newest/)
      expect(plan, where).not.toMatch(/TEMP B-TREE/)
      // Each listing's verification: one lookup of its observations.
      expect(plan, where).toMatch(/SEARCH o USING INDEX observations_by_listing/)
    }
  })

  it('counts every combination of filters from an index alone, and pages through an index', () => {
    const names = LISTING_FILTERS.map((f) => f.name)
    const values = {
      status: 'active',
      city: 'amsterdam',
      type: 'rent',
      min_price: 1000,
      max_price: 2000,
      dwelling_type: 'room',
      source: '"funda"',
      min_surface_area: 20,
      max_surface_area: 80,
      listed_since: '2026-11-01',
      limit: 20,
      offset: 0,
    }
    const plan = (text: string) =>
      fixture.store.sqlite
        .prepare(`explain query plan ${text}`)
        .all(values)
        .map((row) => (row as { detail: string }).detail)
        .join('; ')
    for (let subset = 0; subset < 2 ** names.length; subset++) {
      const present = names.filter((_, i) => subset & (2 ** i))
      const queries = searchQueries(fixture.store.db, present, 'sqlite')
      const count = plan(queries.count.compile().sql)
      expect(count, `count of ${present}`).toMatch(
        /^SEARCH listings USING COVERING INDEX listings_\w+ \(status=\?/,
      )
      const page = plan(queries.page.compile().sql)
      expect(page, `page of ${present}`).toMatch(
        /^(SEARCH|SCAN) listings USING (COVERING )?INDEX listings_\w+/,
      )
    }
  })

  it('writes every price as JavaScript writes the number: 1390, not 1390.0, in price and price_history alike', async () => {
    const text = (await get(fixture, '/v1/listings?page_size=100')).body
    const prices = [...text.matchAll(/"price":([^,}\]]+)/g)].map((m) => m[1]!)
    // Each listing's own price and at least one history point each.
    expect(prices.length).toBeGreaterThanOrEqual(200)
    for (const price of prices) expect(price).toBe(String(JSON.parse(price)))
  })

  it('serves only listings currently on offer unless asked for withdrawn ones', async () => {
    const withdrawn = body(await get(fixture, '/v1/listings?status=withdrawn'))
    expect(withdrawn.meta.total).toBe(0)
  })
})

describe('GET /v1/listings: every combination of filters', () => {
  /** A listing as stored: what a plain filter reads. */
  interface Row {
    id: number
    type: string
    status: string
    city: string | null
    city_key: string | null
    price: number | null
    surface_area: number | null
    dwelling_type: string | null
    sources_json: string
    listed_at: string | null
    first_seen: string
  }
  type Query = Partial<{
    city: string
    type: string
    min_price: number
    max_price: number
    dwelling_type: string
    source: string
    min_surface_area: number
    max_surface_area: number
    listed_since: string
    status: string
    page: number
    page_size: number
  }>
  const PARAMETERS = [
    'city',
    'type',
    'min_price',
    'max_price',
    'dwelling_type',
    'source',
    'min_surface_area',
    'max_surface_area',
    'listed_since',
    'status',
    'page',
    'page_size',
  ] as const
  const RANGES = [
    ['min_price', 'max_price'],
    ['min_surface_area', 'max_surface_area'],
  ] as const

  /** The listings `q` asks for, by a plain filter of every row, in the order the API promises. */
  function expected(rows: readonly Row[], q: Query): Row[] {
    const atLeast = (value: number | string | null, bound: number | string | undefined) =>
      bound === undefined || (value !== null && value >= bound)
    const atMost = (value: number | null, bound: number | undefined) =>
      bound === undefined || (value !== null && value <= bound)
    const newestFirst = (a: Row, b: Row) =>
      (a.listed_at === b.listed_at
        ? 0
        : a.listed_at === null
          ? 1
          : b.listed_at === null
            ? -1
            : a.listed_at > b.listed_at
              ? -1
              : 1) ||
      (a.first_seen === b.first_seen ? 0 : a.first_seen > b.first_seen ? -1 : 1) ||
      b.id - a.id
    return rows
      .filter(
        (r) =>
          r.status === (q.status ?? 'active') &&
          (q.city === undefined || r.city_key === cityKey(q.city)) &&
          (q.type === undefined || r.type === q.type) &&
          atLeast(r.price, q.min_price) &&
          atMost(r.price, q.max_price) &&
          (q.dwelling_type === undefined || r.dwelling_type === q.dwelling_type) &&
          (q.source === undefined ||
            (JSON.parse(r.sources_json) as { name: string }[]).some(
              (s) => s.name === q.source!.toLowerCase(),
            )) &&
          atLeast(r.surface_area, q.min_surface_area) &&
          atMost(r.surface_area, q.max_surface_area) &&
          atLeast(r.listed_at, q.listed_since),
      )
      .sort(newestFirst)
  }

  it('answers exactly what a plain filter of every listing finds, newest first, with its total', async () => {
    const rows = fixture.store.sqlite
      .prepare(
        'select id, type, status, city, city_key, price, surface_area, dwelling_type, sources_json, listed_at, first_seen from listings',
      )
      .all() as Row[]
    const present = <T>(values: (T | null)[]) => [...new Set(values.filter((v): v is T => v !== null))]
    const sources = present(
      rows.flatMap((r) => (JSON.parse(r.sources_json) as { name: string }[]).map((s) => s.name)),
    )
    // Values the listings have (a bound equal to one is where inclusive matters), and others around them.
    const amount = (values: number[], max: number) =>
      fc.oneof(
        fc.constantFrom(...values),
        fc.integer({ min: 0, max }),
        fc.integer({ min: 0, max: max * 100 }).map((cents) => cents / 100),
      )
    const prices = amount(present(rows.map((r) => r.price)), 3_000_000)
    const areas = amount(present(rows.map((r) => r.surface_area)), 400)
    const dates = fc.oneof(
      fc.constantFrom(...present(rows.map((r) => r.listed_at))),
      fc
        .date({ min: new Date('2024-01-01'), max: new Date('2027-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
    )
    const values = fc.record({
      city: fc.constantFrom(...present(rows.map((r) => r.city)), 'Atlantis', "'s-Gravenhage", 'AMSTERDAM'),
      type: fc.constantFrom('rent', 'buy'),
      min_price: prices,
      max_price: prices,
      dwelling_type: fc.constantFrom(...DWELLING_TYPES),
      source: fc.constantFrom(...sources, 'Funda', 'nowhere'),
      min_surface_area: areas,
      max_surface_area: areas,
      listed_since: dates,
      status: fc.constantFrom('active', 'withdrawn'),
      page: fc.integer({ min: 1, max: 4 }),
      page_size: fc.integer({ min: 1, max: 100 }),
    })
    // Up to four parameters at a time, so that most answers hold listings to compare.
    const queries: fc.Arbitrary<Query> = fc
      .tuple(values, fc.uniqueArray(fc.constantFrom(...PARAMETERS), { maxLength: 4 }))
      .map(([all, chosen]) => Object.fromEntries(chosen.map((name) => [name, all[name]])))
    const served = new Set<number>()
    await fc.assert(
      fc.asyncProperty(queries, async (q) => {
        const url = `/v1/listings?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]))}`
        const res = await get(fixture, url)
        const reversed = RANGES.filter(
          ([low, high]) => q[low] !== undefined && q[high] !== undefined && q[low] > q[high],
        )
        if (reversed.length > 0) {
          expect(res.statusCode, url).toBe(400)
          expect(res.json().errors, url).toEqual(
            reversed.map(([low, high]) => ({ parameter: low, message: `${low} must not exceed ${high}` })),
          )
          return
        }
        expect(res.statusCode, url).toBe(200)
        const all = expected(rows, q)
        const [page, size] = [q.page ?? 1, q.page_size ?? 20]
        const got = body(res)
        expect(got.meta, url).toEqual({ total: all.length, page, page_size: size })
        expect(
          got.data.map((l) => l.id),
          url,
        ).toEqual(all.slice((page - 1) * size, page * size).map((r) => `lis_${r.id}`))
        for (const l of got.data) served.add(Number(l.id.slice(4)))
      }),
      { numRuns: 400 },
    )
    // The runs reached past the first page of narrow filters, not only empty answers.
    expect(served.size).toBeGreaterThan(rows.length / 2)
  })

  it('gives every listing its kind of home, and finds each kind, the rooms among them', async () => {
    const kinds = new Map<string, number>()
    for (const listing of await everyPage('')) {
      const kind = (listing as unknown as { dwelling_type: string | null }).dwelling_type
      kinds.set(String(kind), (kinds.get(String(kind)) ?? 0) + 1)
    }
    expect(
      [...kinds.keys()].every((k) => k === 'null' || (DWELLING_TYPES as readonly string[]).includes(k)),
    ).toBe(true)
    for (const kind of ['apartment', 'house', 'room', 'studio']) {
      expect(kinds.get(kind), kind).toBeGreaterThan(0)
      expect(body(await get(fixture, `/v1/listings?dwelling_type=${kind}`)).meta.total, kind).toBe(
        kinds.get(kind),
      )
    }
  })
})

describe('GET /v1/listings/{id}', () => {
  it('answers one listing as search shows it, with its price history and every source', async () => {
    const multi = fixture.store.sqlite
      .prepare(
        "select id from listings where status = 'active' and json_array_length(sources_json) > 1 order by id limit 1",
      )
      .pluck()
      .get() as number
    const res = await get(fixture, `/v1/listings/lis_${multi}`)
    expect(res.statusCode).toBe(200)
    const listing = res.json()
    expect(listing.id).toBe(`lis_${multi}`)
    expect(listing.sources.length).toBeGreaterThan(1)
    expect(listing.price_history.length).toBeGreaterThan(0)
    const searched = body(await get(fixture, '/v1/listings?page_size=100&page=1')).data
    for (const found of searched.slice(0, 5))
      expect((await get(fixture, `/v1/listings/${found.id}`)).json()).toEqual(found)
  })

  it('answers 404 for an unknown id, a 400 naming id for a malformed one, and a 401 first without a key', async () => {
    const unknown = await get(fixture, '/v1/listings/lis_999999999')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ status: 404, detail: 'No listing lis_999999999' })
    for (const bad of ['5', 'lis_', 'lis_0', 'lis_abc', 'LIS_5', 'lis_1.5', `lis_${'9'.repeat(17)}`]) {
      const res = await get(fixture, `/v1/listings/${bad}`)
      expect(res.statusCode, bad).toBe(400)
      expect(res.json().errors).toEqual([
        { parameter: 'id', message: 'id must be lis_ followed by digits, as lis_123' },
      ])
    }
    expect((await get(fixture, '/v1/listings/nope', {})).statusCode).toBe(401)
    expect((await get(fixture, '/v1/listings/lis_1?x=1')).statusCode).toBe(400)
  })

  it('answers a listing merged into another with that listing: one home two sites showed without its number', async () => {
    const { sqlite } = fixture.store
    /** The merged listing of the sample's home at `street`, and the ids merged into it. */
    const mergedAt = (street: string) => {
      const survivor = sqlite
        .prepare(
          `select id, sources_json from listings l where status = 'active' and street = ?
              and exists (select 1 from listing_aliases a where a.survivor_id = l.id)`,
        )
        .get(street) as { id: number; sources_json: string }
      const aliases = sqlite
        .prepare('select listing_id from listing_aliases where survivor_id = ?')
        .pluck()
        .all(survivor.id) as number[]
      return {
        id: survivor.id,
        sources: JSON.parse(survivor.sources_json).map((s: { name: string }) => s.name),
        aliases,
      }
    }
    // Huurwoningen hides the number, which Pararius now gives for this home (lis_563 and lis_518 when neither did);
    // a partner feed prints "Oostenburgergracht 41", which the BAG cannot tell from 41-H, where Funda has 41 A.
    const oudedijk = mergedAt('Oudedijk')
    expect(oudedijk.sources.sort()).toEqual(['huurwoningen', 'pararius'])
    const oostenburg = mergedAt('Oostenburgergracht')
    expect(oostenburg.sources).toEqual(['funda', 'feed'])
    for (const merged of [oudedijk, oostenburg]) {
      expect(merged.aliases).toHaveLength(1)
      const res = await get(fixture, `/v1/listings/lis_${merged.aliases[0]}`)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-location']).toBe(`lis_${merged.id}`)
      expect(res.body).toBe((await get(fixture, `/v1/listings/lis_${merged.id}`)).body)
      expect(res.json()).toMatchObject({ id: `lis_${merged.id}` })
      // The survivor's own id answers without Content-Location, and so does a revalidation of the old one.
      expect(
        (await get(fixture, `/v1/listings/lis_${merged.id}`)).headers['content-location'],
      ).toBeUndefined()
      const again = await get(fixture, `/v1/listings/lis_${merged.aliases[0]}`, {
        'x-api-key': KEY,
        'if-none-match': res.headers.etag as string,
      })
      expect(again.statusCode).toBe(304)
      // Found under each of its sources.
      for (const source of merged.sources) {
        const ids = (await everyPage(`&source=${source}`)).map((l) => l.id)
        expect(ids).toContain(`lis_${merged.id}`)
      }
    }
  })

  it('revalidates like every /v1 answer', async () => {
    const first = await get(fixture, '/v1/listings/lis_1')
    const again = await get(fixture, '/v1/listings/lis_1', {
      'x-api-key': KEY,
      'if-none-match': first.headers.etag as string,
    })
    expect(again.statusCode).toBe(304)
  })
})

describe('verified_at and verified_by of a listing', () => {
  /** Sets each observation's verification, and publishes a generation so that no cached answer stands. */
  const verify = (rows: [id: number, at: string | null, by: string | null][]) => {
    const { sqlite } = fixture.store
    const update = sqlite.prepare('update observations set verified_at = ?, verified_by = ? where id = ?')
    for (const [id, at, by] of rows) update.run(at, by, id)
    sqlite.prepare('update publication set generation = generation + 1').run()
  }
  const membersOf = (listingId: number) =>
    fixture.store.sqlite
      .prepare('select id from observations where listing_id = ? order by id')
      .pluck()
      .all(listingId) as number[]
  const served = async (listingId: number) =>
    (await get(fixture, `/v1/listings/lis_${listingId}`)).json() as {
      verified_at: string | null
      verified_by: string | null
    }

  it('gives the newest verification among its sources, the most thorough on a tie, and null when none', async () => {
    const multi = fixture.store.sqlite
      .prepare(
        "select id from listings where status = 'active' and json_array_length(sources_json) > 1 order by id limit 1",
      )
      .pluck()
      .get() as number
    const [first, second] = membersOf(multi) as [number, number]
    fixture.store.sqlite.prepare('update observations set verified_at = null, verified_by = null').run()
    verify([])
    // Rows from before verification was recorded.
    expect(await served(multi)).toMatchObject({ verified_at: null, verified_by: null })

    const night = '2026-11-27T01:00:00.000Z'
    const nightAfter = '2026-11-28T01:00:00.000Z'
    verify([
      [first, night, 'list'],
      [second, night, 'detail'],
    ])
    expect(await served(multi)).toMatchObject({ verified_at: night, verified_by: 'detail' })
    verify([
      [first, nightAfter, 'list'],
      [second, night, 'not-modified'],
    ])
    expect(await served(multi)).toMatchObject({ verified_at: nightAfter, verified_by: 'list' })
    // A source read from a file says when, not how.
    verify([
      [first, nightAfter, null],
      [second, night, 'detail'],
    ])
    expect(await served(multi)).toMatchObject({ verified_at: nightAfter, verified_by: null })
    // One source verified, the other not (yet): the known one counts.
    verify([
      [first, null, null],
      [second, night, 'not-modified'],
    ])
    expect(await served(multi)).toMatchObject({ verified_at: night, verified_by: 'not-modified' })

    // Search, the listing and a home's listings serve the same fields.
    const page = (await get(fixture, '/v1/listings?page_size=100')).json() as {
      data: { id: string; verified_at: string | null; verified_by: string | null }[]
    }
    for (const listing of page.data.slice(0, 5))
      expect(await served(Number(listing.id.slice(4)))).toMatchObject({
        verified_at: listing.verified_at,
        verified_by: listing.verified_by,
      })
    const bagId = fixture.store.sqlite.prepare('select bag_id from listings where id = ?').pluck().get(multi)
    if (typeof bagId === 'string') {
      const home = (await get(fixture, `/v1/properties/${bagId}`)).json() as {
        listings: { id: string; verified_by: string | null }[]
      }
      expect(home.listings.find((l) => l.id === `lis_${multi}`)).toMatchObject({
        verified_by: 'not-modified',
      })
    }
  })
})

describe('GET /v1/listings: every invalid parameter is a 400 that names it', () => {
  const cases: [string, string][] = [
    ['city=', 'city'],
    [`city=${'x'.repeat(101)}`, 'city'],
    ['city=a&city=b', 'city'],
    ['min_price=-1', 'min_price'],
    ['min_price=abc', 'min_price'],
    ['min_price=1e5', 'min_price'],
    ['max_price=', 'max_price'],
    ['max_price=12.5.5', 'max_price'],
    ['min_price=500&max_price=100', 'min_price'],
    ['type=sale', 'type'],
    ['type=rent&type=buy', 'type'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['page=abc', 'page'],
    ['page=1&page=2', 'page'],
    ['page=99999999999', 'page'],
    ['page_size=0', 'page_size'],
    ['page_size=101', 'page_size'],
    ['page_size=ten', 'page_size'],
    ['dwelling_type=castle', 'dwelling_type'],
    ['dwelling_type=room&dwelling_type=studio', 'dwelling_type'],
    ['source=', 'source'],
    ['source=funda,pararius', 'source'],
    ['source=funda.nl', 'source'],
    [`source=${'a'.repeat(101)}`, 'source'],
    ['min_surface_area=-1', 'min_surface_area'],
    ['max_surface_area=big', 'max_surface_area'],
    ['min_surface_area=80&max_surface_area=50', 'min_surface_area'],
    ['listed_since=2026-02-30', 'listed_since'],
    ['listed_since=yesterday', 'listed_since'],
    ['listed_since=2026-11-01T00:00:00Z', 'listed_since'],
    ['listed_since=2026-11-01&listed_since=2026-11-02', 'listed_since'],
    ['sort=price', 'sort'],
    ['CITY=Amsterdam', 'CITY'],
  ]
  for (const [query, parameter] of cases) {
    it(`?${query.slice(0, 40)} → 400 naming ${parameter}`, async () => {
      const res = await get(fixture, `/v1/listings?${query}`)
      expect(res.statusCode).toBe(400)
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/)
      const problem = JSON.parse(res.body) as {
        status: number
        detail: string
        errors: { parameter: string }[]
      }
      expect(problem.status).toBe(400)
      expect(problem.errors.map((e) => e.parameter)).toContain(parameter)
      expect(problem.detail).toContain(parameter)
    })
  }
})

describe('a malformed percent-escape is a 400 that names its parameter, on every /v1 route', () => {
  const rule = 'must be percent-encoded UTF-8 (a % starts an escape such as %C3%A9 for é)'
  const cases: [url: string, parameter: string, message: string][] = [
    // Latin-1's é, not UTF-8; a % without two hex digits; a % at the end.
    ['/v1/listings?city=%E9', 'city', `city ${rule}`],
    ['/v1/listings?city=Den%ZZHaag', 'city', `city ${rule}`],
    ['/v1/listings?type=rent&max_price=100%', 'max_price', `max_price ${rule}`],
    ['/v1/listings?cit%E9=Delft', 'cit%E9', `cit%E9 (a parameter name) ${rule}`],
    ['/v1/listings/lis_1%E9', 'id', `id ${rule}`],
    ['/v1/properties/%E9', 'bag_id', `bag_id ${rule}`],
    ['/v1/properties?postcode=2611%E9&number=1', 'postcode', `postcode ${rule}`],
    ['/v1/sources?since=%C3', 'since', `since ${rule}`],
  ]
  for (const [url, parameter, message] of cases) {
    it(`${url} → 400 naming ${parameter}`, async () => {
      const res = await get(fixture, url)
      expect(res.statusCode).toBe(400)
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/)
      expect(res.json()).toMatchObject({ status: 400, detail: message, errors: [{ parameter, message }] })
      expect((await get(fixture, url, {})).statusCode, 'without a key').toBe(401)
    })
  }
  it('still reads well-formed escapes', async () => {
    const escaped = body(await get(fixture, '/v1/listings?city=%27s-Gravenhage&type=r%65nt'))
    const plain = body(await get(fixture, "/v1/listings?city='s-Gravenhage&type=rent"))
    expect(escaped.meta.total).toBeGreaterThan(0)
    expect(escaped).toEqual(plain)
  })
})

describe('GET /v1/listings: every message is ours and names the parameter', () => {
  const cases: [string, string][] = [
    ['city=', 'city must be 1–100 characters'],
    ['city=a&city=b', 'city must be given only once'],
    ['min_price=-5', 'min_price must be ≥ 0'],
    ['min_price=1e5', 'min_price must be a number ≥ 0, as 1500 or 1499.95'],
    [`max_price=${'9'.repeat(400)}`, 'max_price is too large: at most 999999999999'],
    ['page=99999999999999999999', 'page is too large: at most 1000000000'],
    ['page=0', 'page must be at least 1'],
    ['page=1.5', 'page must be a whole number'],
    ['page_size=101', 'page_size is too large: at most 100'],
    ['type=sale', "type must be 'rent' or 'buy'"],
    ['dwelling_type=flat', "dwelling_type must be 'apartment' or 'house' or 'room' or 'studio' or 'other'"],
    ['source=funda.nl', 'source must be a source id, as funda or verra-makelaars (see GET /v1/sources)'],
    ['min_surface_area=abc', 'min_surface_area must be a number ≥ 0, as 50 or 62.5'],
    ['max_surface_area=100001', 'max_surface_area is too large: at most 100000'],
    ['min_surface_area=80&max_surface_area=50', 'min_surface_area must not exceed max_surface_area'],
    ['listed_since=2026-13-01', 'listed_since must be a date as YYYY-MM-DD, as 2026-11-01'],
  ]
  for (const [query, message] of cases) {
    it(`?${query.slice(0, 40)} → ${message}`, async () => {
      const problem = (await get(fixture, `/v1/listings?${query}`)).json()
      expect(problem.errors).toEqual([{ parameter: query.split('=')[0], message }])
      expect(problem.detail).toBe(message)
    })
  }
})

describe('GET /v1/listings: caching and limits', () => {
  it('sends an ETag tied to the published generation and answers 304 on a match', async () => {
    const first = await get(fixture, '/v1/listings?city=Rotterdam')
    expect(first.headers.etag).toMatch(/^W\/"v1-g\d+"$/)
    expect(first.headers['cache-control']).toContain('max-age')
    const again = await get(fixture, '/v1/listings?city=Rotterdam', {
      'x-api-key': KEY,
      'if-none-match': first.headers.etag as string,
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })
  it('compares If-None-Match weakly (RFC 9110 §13.1.2) on every /v1 route, for GET and HEAD', async () => {
    const bagId = fixture.store.sqlite.prepare('select bag_id from golden_records limit 1').pluck().get()
    for (const url of [
      '/v1/listings?city=Delft',
      '/v1/listings/lis_1',
      `/v1/properties/${bagId}`,
      '/v1/sources',
    ]) {
      const etag = (await get(fixture, url)).headers.etag as string
      expect(etag).toMatch(/^W\/"[^"]+"$/)
      const strong = etag.slice(2)
      for (const method of ['GET', 'HEAD'] as const) {
        const status = async (field: string) =>
          (await fixture.app.inject({ method, url, headers: { 'x-api-key': KEY, 'if-none-match': field } }))
            .statusCode
        for (const field of [etag, strong, `W/"other", ${etag}`, `"x,y",${strong}`, '*'])
          expect(await status(field), `${method} ${url} If-None-Match: ${field}`).toBe(304)
        // Another tag, and fields that are no list of entity-tags (a comma inside a tag; "*" in a list).
        for (const field of ['W/"other"', `"a,${etag}`, `${etag}, *`, etag.slice(0, -1)])
          expect(await status(field), `${method} ${url} If-None-Match: ${field}`).toBe(200)
      }
    }
  })
  it('answers If-Modified-Since (RFC 9110) when If-None-Match is absent', async () => {
    const url = '/v1/listings?city=Utrecht'
    const first = await get(fixture, url)
    const lastModified = first.headers['last-modified'] as string
    const ask = (headers: Record<string, string>) => get(fixture, url, { 'x-api-key': KEY, ...headers })
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString()
    const later = new Date(Date.parse(lastModified) + 86_400_000).toUTCString()
    expect((await ask({ 'if-modified-since': lastModified })).statusCode).toBe(304)
    expect((await ask({ 'if-modified-since': later })).statusCode).toBe(304)
    const unchanged = await ask({ 'if-modified-since': lastModified })
    expect(unchanged.headers.etag).toBe(first.headers.etag)
    expect(unchanged.body).toBe('')
    expect((await ask({ 'if-modified-since': earlier })).statusCode).toBe(200)
    // Not an HTTP-date: ignored.
    expect((await ask({ 'if-modified-since': 'yesterday' })).statusCode).toBe(200)
    // If-None-Match decides whenever it is present.
    expect((await ask({ 'if-modified-since': later, 'if-none-match': '"other"' })).statusCode).toBe(200)
  })
  it('sends the IETF RateLimit headers on every response', async () => {
    const res = await get(fixture, '/v1/listings')
    expect(res.headers['ratelimit-policy']).toMatch(/^"default";q=\d+;w=60$/)
    expect(res.headers.ratelimit).toMatch(/^"default";r=\d+;t=\d+$/)
  })
  it('gives pages on other origins no CORS permission by default, and answers their preflight without a key', async () => {
    const preflight = await fixture.app.inject({
      method: 'OPTIONS',
      url: '/v1/listings',
      headers: { origin: 'https://app.example.nl', 'access-control-request-method': 'GET' },
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
    const res = await get(fixture, '/v1/listings', { 'x-api-key': KEY, origin: 'https://app.example.nl' })
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
  })
  it('answers 405 with Allow for another method on a known route', async () => {
    const res = await fixture.app.inject({
      method: 'POST',
      url: '/v1/listings',
      headers: { 'x-api-key': KEY },
    })
    expect(res.statusCode).toBe(405)
    expect(res.headers.allow).toBe('GET, HEAD')
  })
})
