import { describe, expect, it } from 'vitest'
import { useSampleStore } from '../../test/helpers/sample-database.js'
import { rebuildListings } from './build-listing.js'
import { preparePublishScratch } from './publish-scratch.js'

const sample = useSampleStore()

/** Rebuilds every listing in a transaction that is rolled back; returns the rows and the indexes it left. */
function rebuildAll(bulkMin: number) {
  const { sqlite } = sample.store
  let result: { rows: unknown[]; indexes: unknown[]; plan: string; schemaChanged: boolean } | undefined
  sqlite.exec('begin')
  try {
    preparePublishScratch(sqlite, () => 1)
    sqlite.exec('insert into publish_listings (listing_id) select id from listings')
    const schemaVersion = () => sqlite.pragma('schema_version', { simple: true })
    const before = schemaVersion()
    rebuildListings(sqlite, '2026-11-22T00:00:00.000Z', 99, bulkMin)
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
})
