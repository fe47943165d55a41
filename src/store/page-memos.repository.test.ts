import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { useTempDir } from '../../test/helpers/temp-dir.js'
import { openStore } from './database.js'
import { MIGRATIONS } from './migrations/index.js'
import {
  createPageMemo,
  type PageValidators,
  type PageYield,
  publishPageMemos,
  type RememberedPage,
} from './page-memos.repository.js'

const NO_VALIDATORS: PageValidators = { etag: null, lastModified: null }
const page: PageYield = { listingIds: [], requests: [{ url: 'https://example.test/page-2', label: 'list' }] }
const remembered = (digest: string, validators = NO_VALIDATORS): RememberedPage => ({
  digest,
  validators,
  yielded: page,
  label: 'list',
  cardDigest: null,
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
    expect(second.recall('funda', 'p1')).toMatchObject(remembered(digest))
    expect(second.recall('pararius', 'p1')).toBeUndefined()
    second.remember('funda', 'p1', remembered(changed))
    second.flush()
    expect(rows()).toEqual([
      { source_id: 'funda', run_id: 1 },
      { source_id: 'funda', run_id: 2 },
    ])

    // Run 2 died before publishing: run 1's memo still counts.
    const third = createPageMemo(store, 3)
    expect(third.recall('funda', 'p1')).toMatchObject(remembered(digest))
    third.remember('funda', 'p1', remembered(changed))
    third.flush()
    publishPageMemos(store, 3, ['funda'])
    expect(rows()).toEqual([
      { source_id: 'funda', run_id: 1 },
      { source_id: 'funda', run_id: 3 },
    ])

    const fourth = createPageMemo(store, 4)
    expect(fourth.recall('funda', 'p1')).toMatchObject(remembered(changed))
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
    expect(createPageMemo(store, 8).recall('funda', 'p1')).toMatchObject({
      ...remembered(digest),
      label: null,
    })
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
    expect(second.recall('funda', 'p1')).toMatchObject(remembered('d', validators))
    expect(second.recall('funda', 'p2')?.validators).toEqual(NO_VALIDATORS)

    // A new BAG stand invalidates every memo: the page is fetched without validators and parsed again.
    store.sqlite
      .prepare("insert or replace into meta (key, value) values ('bag_stand_date', '2026-11-01')")
      .run()
    expect(createPageMemo(store, 3).recall('funda', 'p1')).toBeUndefined()
    await store.close()
  })
  it('plans the refresh: the detail pages of active listings read longest ago, and list memos past the bound', async () => {
    const store = await openStore(':memory:')
    const observe = store.sqlite.prepare(
      `insert into observations (source_id, source_listing_id, url, type, resolution, first_seen, last_seen,
                                 last_run_id, status, price_history_json)
       values ('funda', ?, 'https://x/' || ?, 'rent', 'none', 'a', 'a', 1, ?, '[]')`,
    )
    for (const id of ['1', '2', '3', '4', '5']) observe.run(id, id, 'active')
    observe.run('6', '6', 'withdrawn')
    const detailPage = (id: string): RememberedPage => ({
      ...remembered('d'),
      yielded: { listingIds: [id], requests: [] },
      label: 'detail',
      cardDigest: 'c',
    })
    for (const [runId, ids] of [
      [1, ['1', '2', '3', '4', '5', '6']],
      [2, ['1', '2']],
      [3, ['3']],
    ] as const) {
      const memo = createPageMemo(store, runId)
      for (const id of ids) memo.remember('funda', `GET https://x/${id}`, detailPage(id))
      memo.remember('funda', `list ${runId}`, remembered('l'))
      memo.flush()
      publishPageMemos(store, runId, ['funda'])
    }
    // Five active listings over two nights: three a night, those last read in run 1 first, then the page key.
    const plan = createPageMemo(store, 4).refreshPlan('funda', 2)
    expect([...plan.due]).toEqual(['GET https://x/4', 'GET https://x/5', 'GET https://x/1'])
    // Runs 2 and 3 published since run 1: a list memo of run 1 is past a bound of two nights.
    expect(plan.listStaleUpTo).toBe(1)
    expect(createPageMemo(store, 4).refreshPlan('funda', 45)).toEqual({
      due: new Set(['GET https://x/4']),
      listStaleUpTo: -1,
    })
    await store.close()
  })
})
