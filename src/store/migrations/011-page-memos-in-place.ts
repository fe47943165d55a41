import { type Kysely, sql } from 'kysely'

/**
 * Page memos are written straight into `page_memos` during the crawl, one per page and run, and count once that run
 * published their source (`page_memo_publications`). Before, they were staged and copied at publish: 229k rows and
 * 73 MiB of write-ahead log inside the national run's publish transaction, for rows already written once. A memo
 * of a run that dies never replaces a published one: the newest published memo of a page is the one recalled.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('page_memos_by_run')
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('page_key', 'text', (c) => c.notNull())
    .addColumn('run_id', 'integer', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('validity', 'text', (c) => c.notNull())
    .addColumn('yielded_json', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('page_memos_by_run_pk', ['source_id', 'page_key', 'run_id'])
    .modifyEnd(sql`without rowid`)
    .execute()
  // The memos kept so far were all published: run 0 stands for them.
  await sql`insert into page_memos_by_run (source_id, page_key, run_id, content_hash, validity, yielded_json)
            select source_id, page_key, 0, content_hash, validity, yielded_json from page_memos`.execute(db)
  await db.schema.dropTable('page_memos').execute()
  await sql`alter table page_memos_by_run rename to page_memos`.execute(db)
  await db.schema
    .createTable('page_memo_publications')
    .addColumn('run_id', 'integer', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('page_memo_publications_pk', ['run_id', 'source_id'])
    .modifyEnd(sql`without rowid`)
    .execute()
  await sql`insert into page_memo_publications (run_id, source_id)
            select distinct 0, source_id from page_memos`.execute(db)
  // Staged memos belong to a run that never published: the next run would have discarded them.
  await db.schema.dropTable('stage_page_memos').execute()
}
