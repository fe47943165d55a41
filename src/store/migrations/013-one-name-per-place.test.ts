import { join } from 'node:path'
import { expect, it } from 'vitest'
import { databaseBefore } from '../../../test/helpers/database-before.js'
import { useTempDir } from '../../../test/helpers/temp-dir.js'
import { openStore } from '../database.js'

const dir = useTempDir()

it("rewrites the place names a database stored before, so that 's-Gravenhage and Den Haag are one name", async () => {
  const path = join(dir, 'old.db')
  const sqlite = await databaseBefore(path, '013-one-name-per-place')
  sqlite.exec(`
    insert into bag_addresses (num_id, object_id, is_hoofdadres, postcode, huisnummer, street, street_key, city, city_key)
      values ('0518200000000001', '0518010000000001', 1, '2511AA', 1, 'Spui', 'spui', '''s-Gravenhage', 'sgravenhage');
    insert into listings (id, type, status, city, city_key, source_name, source_url, sources_json, listed_at, first_seen,
                          last_seen, updated_generation)
      values (1, 'rent', 'active', '''s-Gravenhage', 'sgravenhage', 'x', 'https://x/1', '[]', '2026-01-01', '2026-01-01', '2026-01-01', 1),
             (2, 'rent', 'active', 'Den Haag', 'sgravenhage', 'x', 'https://x/2', '[]', '2026-01-01', '2026-01-01', '2026-01-01', 1),
             (3, 'rent', 'active', 'Utrecht', 'utrecht', 'x', 'https://x/3', '[]', '2026-01-01', '2026-01-01', '2026-01-01', 1);`)
  sqlite.close()
  const reopened = await openStore(path)
  expect(reopened.sqlite.prepare('select city from bag_addresses').pluck().all()).toEqual(['Den Haag'])
  expect(reopened.sqlite.prepare('select city from listings order by id').pluck().all()).toEqual([
    'Den Haag',
    'Den Haag',
    'Utrecht',
  ])
  await reopened.close()
})
