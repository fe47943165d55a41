import { join } from 'node:path'
import { expect, it } from 'vitest'
import { databaseBefore } from '../../../test/helpers/database-before.js'
import { useTempDir } from '../../../test/helpers/temp-dir.js'
import { openStore } from '../database.js'

const dir = useTempDir()
const SEEN = '2026-11-26T11:43:17.222Z'

it('turns the crawl time a listing without a date took into null, and date-times into their date', async () => {
  const path = join(dir, 'old.db')
  const sqlite = await databaseBefore(path, '016-listing-dates-as-given')
  sqlite.exec(`
    insert into listings (id, type, status, city, city_key, source_name, source_url, sources_json, listed_at,
                          first_seen, last_seen, updated_generation, price_history_json)
      values (1, 'rent', 'active', 'Delft', 'delft', 'x', 'https://x/1', '[]', '2026-11-19', '${SEEN}', '${SEEN}', 1, '[]'),
             (2, 'rent', 'active', 'Delft', 'delft', 'x', 'https://x/2', '[]', '${SEEN}', '${SEEN}', '${SEEN}', 1, '[]'),
             (3, 'buy', 'withdrawn', 'Delft', 'delft', 'x', 'https://x/3', '[]', '2026-09-18T13:18:54+02:00',
              '${SEEN}', '${SEEN}', 1, '[]');
    insert into observations (source_id, source_listing_id, url, type, resolution, first_seen, last_seen, last_run_id,
                              status, listed_at)
      values ('x', '3', 'https://x/3', 'buy', 'none', '${SEEN}', '${SEEN}', 1, 'withdrawn', '2026-09-18T13:18:54+02:00');`)
  sqlite.close()

  const store = await openStore(path)
  const read = (query: string) => store.sqlite.prepare(query).pluck().all()
  expect(read('select listed_at from listings order by id')).toEqual(['2026-11-19', null, '2026-09-18'])
  expect(read('select listed_at from observations')).toEqual(['2026-09-18'])
  expect(read(`select "notnull" from pragma_table_info('listings') where name = 'listed_at'`)).toEqual([0])
  expect(
    read(`select name from sqlite_master where type = 'index' and tbl_name = 'listings' order by name`),
  ).toEqual([
    'listings_by_bag',
    // 033: the listings written since a generation.
    'listings_by_generation',
    'listings_city_newest',
    'listings_city_type_price',
    'listings_newest',
    'listings_type_price',
  ])
  // Later migrations add columns after these (023: every filtered column).
  expect(read(`select name from pragma_index_info('listings_newest')`).slice(0, 4)).toEqual([
    'status',
    'listed_at',
    'first_seen',
    'id',
  ])
  await store.close()
})
