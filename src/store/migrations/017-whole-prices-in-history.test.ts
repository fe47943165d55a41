import { join } from 'node:path'
import { expect, it } from 'vitest'
import { databaseBefore } from '../../../test/helpers/database-before.js'
import { useTempDir } from '../../../test/helpers/temp-dir.js'
import { openStore } from '../database.js'

const dir = useTempDir()
const STORED =
  '[{"observed_at":"a","price":1390.0},{"observed_at":"b","price":1250.5},{"observed_at":"c","price":null}]'

it('rewrites the price histories stored before with whole prices as integers, keeping the order', async () => {
  const path = join(dir, 'old.db')
  const sqlite = await databaseBefore(path, '017-whole-prices-in-history')
  sqlite.exec(`
    insert into listings (id, type, status, city, city_key, source_name, source_url, sources_json, listed_at,
                          first_seen, last_seen, updated_generation, price_history_json)
      values (1, 'rent', 'active', 'Delft', 'delft', 'x', 'https://x/1', '[]', null, 'a', 'c', 1, '${STORED}');
    insert into observations (source_id, source_listing_id, url, type, resolution, first_seen, last_seen, last_run_id,
                              status, price_history_json)
      values ('x', '1', 'https://x/1', 'rent', 'none', 'a', 'c', 1, 'active', '${STORED}');`)
  sqlite.close()
  const store = await openStore(path)
  const expected =
    '[{"observed_at":"a","price":1390},{"observed_at":"b","price":1250.5},{"observed_at":"c","price":null}]'
  for (const table of ['listings', 'observations']) {
    expect(store.sqlite.prepare(`select price_history_json from ${table}`).pluck().get()).toBe(expected)
  }
  await store.close()
})
