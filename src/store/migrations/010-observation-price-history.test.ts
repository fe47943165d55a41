import { join } from 'node:path'
import { expect, it } from 'vitest'
import { databaseBefore } from '../../../test/helpers/database-before.js'
import { useTempDir } from '../../../test/helpers/temp-dir.js'
import { openStore } from '../database.js'

const dir = useTempDir()

it('copies each observation’s price points into its history, oldest first, whole prices as integers after 017', async () => {
  const path = join(dir, 'old.db')
  const sqlite = await databaseBefore(path, '010-observation-price-history')
  sqlite.exec(`
    insert into observations (id, source_id, source_listing_id, url, type, resolution, first_seen, last_seen,
                              last_run_id, status)
      values (1, 'x', '1', 'https://x/1', 'rent', 'none', '2026-01-01', '2026-01-03', 1, 'active'),
             (2, 'x', '2', 'https://x/2', 'rent', 'none', '2026-01-01', '2026-01-03', 1, 'active');
    insert into price_history (observation_id, observed_at, price, run_id)
      values (1, '2026-01-03', 1390.0, 3), (1, '2026-01-01', 1250.5, 1), (1, '2026-01-02', null, 2);`)
  sqlite.close()
  const store = await openStore(path)
  expect(
    store.sqlite.prepare('select price_history_json from observations order by id').pluck().all(),
  ).toEqual([
    '[{"observed_at":"2026-01-01","price":1250.5},{"observed_at":"2026-01-02","price":null},{"observed_at":"2026-01-03","price":1390}]',
    '[]',
  ])
  await store.close()
})
