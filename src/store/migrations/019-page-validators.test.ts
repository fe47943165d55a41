import { join } from 'node:path'
import { expect, it } from 'vitest'
import { databaseBefore } from '../../../test/helpers/database-before.js'
import { useTempDir } from '../../../test/helpers/temp-dir.js'
import { openStore } from '../database.js'
import { createPageMemo } from '../page-memos.repository.js'

const dir = useTempDir()

it('gives page memos validators, none for those written before', async () => {
  const path = join(dir, 'old.db')
  const sqlite = await databaseBefore(path, '019-page-validators')
  const yielded = JSON.stringify({ listingIds: [], requests: [] })
  sqlite.exec(`
    insert into page_memos (run_id, source_id, page_key, content_hash, validity, yielded_json)
      values (4, 'funda', 'GET https://x/1', 'd', '1|none', '${yielded}');
    insert into page_memo_publications (run_id, source_id) values (4, 'funda');`)
  sqlite.close()

  const store = await openStore(path)
  expect(store.sqlite.prepare('select etag, last_modified from page_memos').all()).toEqual([
    { etag: null, last_modified: null },
  ])
  // The memo still counts: its page is fetched in full once more, and compared by its content as before.
  expect(createPageMemo(store, 5).recall('funda', 'GET https://x/1')).toMatchObject({
    digest: 'd',
    validators: { etag: null, lastModified: null },
    yielded: JSON.parse(yielded),
  })
  await store.close()
})
