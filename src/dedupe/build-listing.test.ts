import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { useSampleStore } from '../../test/helpers/sample-database.js'
import { displayPostcode, formatHouseNumber, normalisePostcode } from '../normalise/index.js'
import { DISPLAY_POSTCODE_SQL, HOUSE_NUMBER_SQL, rebuildListings } from './build-listing.js'
import { preparePublishScratch } from './publish-scratch.js'

const sample = useSampleStore()

/** Rebuilds every listing in a transaction that is rolled back; returns the rows and the indexes it left. */
function rebuildAll(bulkMin: number) {
  const { sqlite } = sample.store
  let result: { rows: unknown[]; indexes: unknown[]; plan: string; schemaChanged: boolean } | undefined
  sqlite.exec('begin')
  try {
    preparePublishScratch(sqlite)
    sqlite.exec('insert into publish_listings (listing_id) select id from listings')
    const schemaVersion = () => sqlite.pragma('schema_version', { simple: true })
    const before = schemaVersion()
    rebuildListings(sqlite, '2026-11-22T00:00:00.000Z', 99, {}, { bulkMin })
    result = {
      // Dropping and creating indexes bumps the schema version: the way to tell which path ran.
      schemaChanged: schemaVersion() !== before,
      rows: sqlite.prepare('select * from listings order by id').all(),
      indexes: sqlite
        .prepare(
          "select name, sql from sqlite_master where type = 'index' and tbl_name = 'listings' order by name",
        )
        .all(),
      plan: JSON.stringify(
        sqlite
          .prepare(
            "explain query plan select id from listings where status = 'active' and city_key = ? and type = ?",
          )
          .all('amsterdam', 'rent'),
      ),
    }
  } finally {
    sqlite.exec('rollback')
  }
  return result!
}

describe('the address forms a listing takes from the BAG, in SQL', () => {
  it('prints a house number as formatHouseNumber does, and a postcode as displayPostcode does', () => {
    const sqlite = new Database(':memory:')
    sqlite.exec('create table a (huisnummer integer, huisletter text, toevoeging text, postcode text)')
    const insert = sqlite.prepare('insert into a values (?, ?, ?, ?)')
    const cases = [
      [12, null, null, '1234AB'],
      [12, 'A', null, '9999ZZ'],
      [7, null, '2', '1234 AB'],
      [99999, 'b', 'III', '1234ab'],
      [1, 'A', 'bis', '123AB'],
      [4, null, null, '0123AB'],
      [5, null, null, '1234SA'],
      [6, null, null, '12345AB'],
      [3, null, null, null],
    ] as const
    for (const [number, letter, addition, postcode] of cases) insert.run(number, letter, addition, postcode)
    const rows = sqlite
      .prepare(
        `select ${HOUSE_NUMBER_SQL} as number, ${DISPLAY_POSTCODE_SQL} as postcode from a order by rowid`,
      )
      .all()
    expect(rows).toEqual(
      cases.map(([huisnummer, huisletter, toevoeging, postcode]) => ({
        number: formatHouseNumber({ huisnummer, huisletter, toevoeging }),
        postcode: postcode === null ? null : displayPostcode(postcode),
      })),
    )
    sqlite.close()
  })

  it('shows a valid postcode as normalisePostcode does', () => {
    const sqlite = new Database(':memory:')
    const show = sqlite
      .prepare(`select ${DISPLAY_POSTCODE_SQL} as postcode from (select ? as postcode) a`)
      .pluck()
    for (const key of ['1011AB', '1234AB', '2611BC', '3511GV', '9999ZZ', '1000AA']) {
      expect(show.get(key)).toBe(normalisePostcode(key))
    }
    sqlite.close()
  })
})

describe('rebuildListings', () => {
  it('writes the same listings and leaves the same indexes whether or not it takes the bulk path', () => {
    const rowByRow = rebuildAll(Number.POSITIVE_INFINITY)
    const bulk = rebuildAll(0)
    expect([rowByRow.schemaChanged, bulk.schemaChanged]).toEqual([false, true])
    expect(bulk.rows.length).toBeGreaterThan(500)
    expect(bulk.rows).toEqual(rowByRow.rows)
    expect(bulk.indexes).toEqual(rowByRow.indexes)
    expect(bulk.indexes.length).toBeGreaterThanOrEqual(5)
    expect(bulk.plan).toContain('INDEX listings_city_type_price')
  })

  it('takes price, URL and pool figures from the active members while one is active, from all once none is', () => {
    const { sqlite } = sample.store
    const now = '2026-11-23T00:00:00.000Z'
    const listing = (id: number) =>
      sqlite
        .prepare<
          [number],
          {
            status: string
            source_name: string
            price: number
            sources_json: string
            withdrawn_at: string | null
          }
        >('select status, source_name, price, sources_json, withdrawn_at from listings where id = ?')
        .get(id)!
    sqlite.exec('begin')
    try {
      const id = sqlite
        .prepare(
          'select listing_id from observations where listing_id is not null group by listing_id having count(*) = 2 and count(distinct source_id) = 2 limit 1',
        )
        .pluck()
        .get() as number
      const [trusted, other] = sqlite
        .prepare<[number], { id: number; source_id: string; price: number }>(
          'select id, source_id, price from observations where listing_id = ? order by id',
        )
        .all(id)
      preparePublishScratch(sqlite)
      const ranks = { [trusted!.source_id]: 0, [other!.source_id]: 1 }
      sqlite.prepare('insert into publish_listings (listing_id) values (?)').run(id)
      const rebuild = () => rebuildListings(sqlite, now, 99, ranks)

      rebuild()
      expect(listing(id)).toMatchObject({ status: 'active', source_name: trusted!.source_id })

      sqlite.prepare("update observations set status = 'withdrawn', price = 1 where id = ?").run(trusted!.id)
      rebuild()
      const active = listing(id)
      expect(active).toMatchObject({ status: 'active', source_name: other!.source_id, price: other!.price })
      expect(JSON.parse(active.sources_json).map((s: { name: string }) => s.name)).toEqual([other!.source_id])

      sqlite.prepare("update observations set status = 'withdrawn' where listing_id = ?").run(id)
      rebuild()
      const withdrawn = listing(id)
      expect(withdrawn).toMatchObject({
        status: 'withdrawn',
        source_name: trusted!.source_id,
        price: 1,
        withdrawn_at: now,
      })
      expect(JSON.parse(withdrawn.sources_json).map((s: { name: string }) => s.name)).toEqual([
        trusted!.source_id,
        other!.source_id,
      ])

      // Rebuilt later while still withdrawn, it keeps the date it was withdrawn.
      rebuildListings(sqlite, '2026-11-30T00:00:00.000Z', 100, ranks)
      expect(listing(id).withdrawn_at).toBe(now)
    } finally {
      sqlite.exec('rollback')
    }
  })

  it("takes the kind of home the most trusted member states, active ones first, else the BAG's guess; and every source id", () => {
    const { sqlite } = sample.store
    const now = '2026-11-23T00:00:00.000Z'
    sqlite.exec('begin')
    try {
      const id = sqlite
        .prepare(
          `select o.listing_id from observations o join bag_objects b on b.id = o.bag_vbo_id
            where b.gebruiksdoel like '%woonfunctie%' and b.dwellings > 1
            group by o.listing_id having count(*) = 2 and count(distinct o.source_id) = 2 limit 1`,
        )
        .pluck()
        .get() as number
      const [trusted, other] = sqlite
        .prepare<[number], { id: number; source_id: string }>(
          'select id, source_id from observations where listing_id = ? order by id',
        )
        .all(id)
      const state = sqlite.prepare('update observations set dwelling_type = ?, status = ? where id = ?')
      const listing = () =>
        sqlite.prepare('select dwelling_type, source_ids from listings where id = ?').get(id) as {
          dwelling_type: string | null
          source_ids: string
        }
      preparePublishScratch(sqlite)
      sqlite.prepare('insert into publish_listings (listing_id) values (?)').run(id)
      const rebuild = () =>
        rebuildListings(sqlite, now, 99, { [trusted!.source_id]: 0, [other!.source_id]: 1 })
      const both = JSON.stringify([trusted!.source_id, other!.source_id].sort())

      state.run('studio', 'active', trusted!.id)
      state.run('room', 'active', other!.id)
      rebuild()
      expect(listing().dwelling_type).toBe('studio')
      expect(JSON.stringify(JSON.parse(listing().source_ids).sort())).toBe(both)

      state.run(null, 'active', trusted!.id)
      rebuild()
      expect(listing().dwelling_type).toBe('room')

      // An active member's word counts before a withdrawn one's, whatever their trust.
      state.run('studio', 'withdrawn', trusted!.id)
      rebuild()
      expect(listing()).toEqual({ dwelling_type: 'room', source_ids: JSON.stringify([other!.source_id]) })

      // No member says: the BAG's guess, several homes in the building making an apartment.
      state.run(null, 'active', trusted!.id)
      state.run(null, 'active', other!.id)
      rebuild()
      expect(listing().dwelling_type).toBe('apartment')
    } finally {
      sqlite.exec('rollback')
    }
  })

  it('builds a listing with one member from that member alone, active or withdrawn', () => {
    const { sqlite } = sample.store
    const now = '2026-11-23T00:00:00.000Z'
    sqlite.exec('begin')
    try {
      const member = sqlite
        .prepare<[], { id: number; listing_id: number; source_id: string; url: string; price: number }>(
          `select id, listing_id, source_id, url, price from observations
            where listing_id in (select listing_id from observations group by listing_id having count(*) = 1)
              and status = 'active' and price is not null limit 1`,
        )
        .get()!
      preparePublishScratch(sqlite)
      sqlite.prepare('insert into publish_listings (listing_id) values (?)').run(member.listing_id)
      const listing = () =>
        sqlite
          .prepare<[number], Record<string, unknown>>(
            'select status, source_name, source_url, price, sources_json, withdrawn_at from listings where id = ?',
          )
          .get(member.listing_id)
      const sources = JSON.stringify([{ name: member.source_id, url: member.url }])

      rebuildListings(sqlite, now, 99, {})
      expect(listing()).toEqual({
        status: 'active',
        source_name: member.source_id,
        source_url: member.url,
        price: member.price,
        sources_json: sources,
        withdrawn_at: null,
      })

      sqlite.prepare("update observations set status = 'withdrawn' where id = ?").run(member.id)
      rebuildListings(sqlite, now, 99, {})
      expect(listing()).toMatchObject({ status: 'withdrawn', sources_json: sources, withdrawn_at: now })
    } finally {
      sqlite.exec('rollback')
    }
  })

  it('keeps the earlier prices of a home its source relisted under a new id, and no other source’s', () => {
    const { sqlite } = sample.store
    const history = (id: number) =>
      (
        JSON.parse(
          sqlite.prepare('select price_history_json from listings where id = ?').pluck().get(id) as string,
        ) as { observed_at: string; price: number }[]
      ).map((p) => `${p.observed_at} ${p.price}`)
    sqlite.exec('begin')
    try {
      const old = sqlite
        .prepare<[], { id: number; listing_id: number; source_id: string }>(
          `select id, listing_id, source_id from observations
            where listing_id in (select listing_id from observations group by listing_id having count(*) = 2
                                  and count(distinct source_id) = 2)
              and status = 'active' and price is not null limit 1`,
        )
        .get()!
      const other = sqlite
        .prepare('select id from observations where listing_id = ? and id <> ?')
        .pluck()
        .get(old.listing_id, old.id) as number
      const addPoint = sqlite.prepare(
        'insert into price_history (observation_id, observed_at, price, run_id) values (?, ?, ?, 1)',
      )
      addPoint.run(old.id, '2026-11-21T00:00:00.000Z', 1111)
      addPoint.run(other, '2026-11-21T12:00:00.000Z', 3333)
      // The source withdraws the home and lists it again under a new id, at a new price.
      const columns = (sqlite.pragma('table_info(observations)') as { name: string }[])
        .map((c) => c.name)
        .filter((c) => !['id', 'source_listing_id', 'url'].includes(c))
      const relisted = Number(
        sqlite
          .prepare(
            `insert into observations (source_listing_id, url, ${columns.join(', ')})
             select source_listing_id || '-again', url || '-again', ${columns.join(', ')} from observations where id = ?`,
          )
          .run(old.id).lastInsertRowid,
      )
      sqlite.prepare("update observations set status = 'withdrawn' where id = ?").run(old.id)
      addPoint.run(relisted, '2026-11-23T00:00:00.000Z', 2222)
      const points = (id: number) =>
        sqlite
          .prepare<[number], { observed_at: string; price: number }>(
            'select observed_at, price from price_history where observation_id = ?',
          )
          .all(id)
          .map((p) => `${p.observed_at} ${p.price}`)
      preparePublishScratch(sqlite)
      sqlite.prepare('insert into publish_listings (listing_id) values (?)').run(old.listing_id)
      rebuildListings(sqlite, '2026-11-23T00:00:00.000Z', 99, { [old.source_id]: 0 })
      expect(history(old.listing_id)).toEqual([...points(old.id), ...points(relisted)].sort())
      expect(history(old.listing_id)).toContain('2026-11-21T00:00:00.000Z 1111')
      expect(history(old.listing_id).join()).not.toContain('3333')
    } finally {
      sqlite.exec('rollback')
    }
  })
})
