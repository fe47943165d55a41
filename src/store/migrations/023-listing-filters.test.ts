import { join } from 'node:path'
import { expect, it } from 'vitest'
import { databaseBefore } from '../../../test/helpers/database-before.js'
import { useTempDir } from '../../../test/helpers/temp-dir.js'
import { openStore } from '../database.js'

const dir = useTempDir()
const SEEN = '2026-11-26T11:43:17.222Z'
const FLATS = '0014010011111111'
const HOUSE = '0014010022222222'

it("fills each listing's kind of home and source ids from what it holds, and indexes every filtered column", async () => {
  const path = join(dir, 'old.db')
  const sqlite = await databaseBefore(path, '023-listing-filters')
  const sources = (...members: [string, string][]) =>
    JSON.stringify(members.map(([name, url]) => ({ name, url })))
  sqlite.exec(`
    insert into bag_objects (id, kind, hoofdadres_id, gebruiksdoel, status, dwellings)
      values ('${FLATS}', 'verblijfsobject', '0014200011111111', 'woonfunctie', 'Verblijfsobject in gebruik', 12),
             ('${HOUSE}', 'verblijfsobject', '0014200022222222', 'woonfunctie', 'Verblijfsobject in gebruik', 1);
    insert into listings (id, type, status, bag_id, city, city_key, source_name, source_url, sources_json, listed_at,
                          first_seen, last_seen, updated_generation, price_history_json)
      values (1, 'rent', 'active', '${FLATS}', 'Delft', 'delft', 'a', 'https://a/1',
              '${sources(['a', 'https://a/1'], ['b', 'https://b/1'])}', null, '${SEEN}', '${SEEN}', 1, '[]'),
             (2, 'rent', 'active', '${FLATS}', 'Delft', 'delft', 'a', 'https://a/2',
              '${sources(['a', 'https://a/2'])}', null, '${SEEN}', '${SEEN}', 1, '[]'),
             (3, 'buy', 'active', '${HOUSE}', 'Delft', 'delft', 'c', 'https://c/3',
              '${sources(['c', 'https://c/3'], ['a', 'https://a/3'], ['c', 'https://c/3b'])}', null, '${SEEN}', '${SEEN}', 1, '[]'),
             (4, 'buy', 'withdrawn', null, 'Delft', 'delft', 'c', 'https://c/4',
              '${sources(['c', 'https://c/4'])}', null, '${SEEN}', '${SEEN}', 1, '[]');
    insert into observations (source_id, source_listing_id, url, type, resolution, first_seen, last_seen, last_run_id,
                              status, listing_id, dwelling_type)
      values ('a', '1', 'https://a/1', 'rent', 'exact', '${SEEN}', '${SEEN}', 1, 'active', 1, null),
             ('b', '1', 'https://b/1', 'rent', 'exact', '${SEEN}', '${SEEN}', 1, 'active', 1, 'room'),
             ('a', '2', 'https://a/2', 'rent', 'exact', '${SEEN}', '${SEEN}', 1, 'active', 2, null),
             ('c', '3', 'https://c/3', 'buy', 'exact', '${SEEN}', '${SEEN}', 1, 'active', 3, null),
             ('a', '3', 'https://a/3', 'buy', 'exact', '${SEEN}', '${SEEN}', 1, 'active', 3, null),
             ('c', '3b', 'https://c/3b', 'buy', 'exact', '${SEEN}', '${SEEN}', 1, 'active', 3, null),
             ('c', '4', 'https://c/4', 'buy', 'none', '${SEEN}', '${SEEN}', 1, 'withdrawn', 4, null);`)
  sqlite.close()

  const store = await openStore(path)
  const rows = store.sqlite.prepare('select id, dwelling_type, source_ids from listings order by id').all()
  expect(rows).toEqual([
    // The first member in trust order that states a kind; the BAG's guess where none does; nothing to go by.
    { id: 1, dwelling_type: 'room', source_ids: '["a","b"]' },
    { id: 2, dwelling_type: 'apartment', source_ids: '["a"]' },
    { id: 3, dwelling_type: 'house', source_ids: '["c","a"]' },
    { id: 4, dwelling_type: null, source_ids: '["c"]' },
  ])
  const columns = (index: string) =>
    store.sqlite.prepare(`select name from pragma_index_info('${index}')`).pluck().all()
  expect(columns('listings_newest')).toEqual([
    'status',
    'listed_at',
    'first_seen',
    'id',
    'type',
    'city_key',
    'price',
    'surface_area',
    'dwelling_type',
    'source_ids',
  ])
  for (const index of ['listings_city_newest', 'listings_type_price', 'listings_city_type_price'])
    expect(columns(index), index).toEqual(
      expect.arrayContaining([
        'status',
        'type',
        'city_key',
        'price',
        'surface_area',
        'dwelling_type',
        'source_ids',
      ]),
    )
  await store.close()
})
