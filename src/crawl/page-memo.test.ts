import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { useTempDir } from '../../test/helpers/temp-dir.js'
import { NO_VALIDATORS } from '../fetch/validators.js'
import { openStore } from '../store/database.js'
import { MIGRATIONS } from '../store/migrations/index.js'
import { createPageMemo, type PageYield, publishPageMemos, type RememberedPage } from './page-memo.js'

const page: PageYield = { listingIds: [], requests: [{ url: 'https://example.test/page-2', label: 'list' }] }
const remembered = (digest: string, validators = NO_VALIDATORS): RememberedPage => ({
  digest,
  validators,
  yielded: page,
})

const dir = useTempDir()

describe('page memos', () => {
  it('count once their run published the source; stale ones are dropped as their pages are seen again', async () => {
    const store = await openStore(':memory:')
    const rows = () => store.sqlite.prepare('select source_id, run_id from page_memos order by 1, 2').all()
    const first = createPageMemo(store, 1)
    const digest = first.digest('<html>one</html>')
    const changed = first.digest('<html>two</html>')
    first.remember('funda', 'p1', remembered(digest))
    first.remember('pararius', 'p1', remembered(digest))
    first.flush()
    // Pararius changed its layout: its output, and with it its memos, were not published.
    publishPageMemos(store, 1, ['funda'])

    const second = createPageMemo(store, 2)
    expect(second.recall('funda', 'p1')).toEqual(remembered(digest))
    expect(second.recall('pararius', 'p1')).toBeUndefined()
    second.remember('funda', 'p1', remembered(changed))
    second.flush()
    expect(rows()).toEqual([
      { source_id: 'funda', run_id: 1 },
      { source_id: 'funda', run_id: 2 },
    ])

    // Run 2 died before publishing: run 1's memo still counts.
    const third = createPageMemo(store, 3)
    expect(third.recall('funda', 'p1')).toEqual(remembered(digest))
    third.remember('funda', 'p1', remembered(changed))
    third.flush()
    publishPageMemos(store, 3, ['funda'])
    expect(rows()).toEqual([
      { source_id: 'funda', run_id: 1 },
      { source_id: 'funda', run_id: 3 },
    ])

    const fourth = createPageMemo(store, 4)
    expect(fourth.recall('funda', 'p1')).toEqual(remembered(changed))
    fourth.flush()
    expect(rows()).toEqual([{ source_id: 'funda', run_id: 3 }])
    await store.close()
  })

  it('keeps counting the memos a database held before they were tagged with their run', async () => {
    const path = join(dir, 'before.db')
    const old = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new BetterSqlite3(path) }) })
    const before = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < '011'))
    const { error } = await new Migrator({
      db: old,
      provider: { getMigrations: async () => before },
    }).migrateToLatest()
    expect(error).toBeUndefined()
    const digest = 'd'
    const row = `'funda', 'p1', '${digest}', '1|none', '${JSON.stringify(page)}'`
    const columns = 'source_id, page_key, content_hash, validity, yielded_json'
    await sql.raw(`insert into page_memos (${columns}) values (${row})`).execute(old)
    await sql.raw(`insert into stage_page_memos (run_id, ${columns}) values (7, ${row})`).execute(old)
    await old.destroy()

    const store = await openStore(path)
    expect(createPageMemo(store, 8).recall('funda', 'p1')).toEqual(remembered(digest))
    expect(
      store.sqlite.prepare("select 1 from sqlite_master where name = 'stage_page_memos'").get(),
    ).toBeUndefined()
    await store.close()
  })

  it('keeps the validators a page came with, and forgets them with the memo when the BAG stand moves', async () => {
    const store = await openStore(':memory:')
    const validators = { etag: '"v1"', lastModified: 'Fri, 27 Nov 2026 01:00:00 GMT' }
    const first = createPageMemo(store, 1)
    first.remember('funda', 'p1', remembered('d', validators))
    first.remember('funda', 'p2', remembered('e'))
    first.flush()
    publishPageMemos(store, 1, ['funda'])

    const second = createPageMemo(store, 2)
    expect(second.recall('funda', 'p1')).toEqual(remembered('d', validators))
    expect(second.recall('funda', 'p2')?.validators).toEqual(NO_VALIDATORS)

    // A new BAG stand invalidates every memo: the page is fetched without validators and parsed again.
    store.sqlite
      .prepare("insert or replace into meta (key, value) values ('bag_stand_date', '2026-11-01')")
      .run()
    expect(createPageMemo(store, 3).recall('funda', 'p1')).toBeUndefined()
    await store.close()
  })
})
