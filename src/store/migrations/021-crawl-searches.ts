import type { Kysely } from 'kysely'

/**
 * A crawl source's searches (one city and offer type: a first list page and the pages after it), with the run that
 * last started and the run that last completed each. A run walks them least recently completed first, so a night
 * cut short leaves the next one to start where it stopped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('crawl_searches')
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('city_key', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('last_started_run_id', 'integer')
    .addColumn('last_completed_run_id', 'integer')
    .addColumn('last_completed_at', 'text')
    .addPrimaryKeyConstraint('crawl_searches_pk', ['source_id', 'city_key', 'type'])
    .execute()
}
