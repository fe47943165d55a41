import type { Kysely } from 'kysely'

/**
 * A page memo keeps the validators the page came with (`ETag`, `Last-Modified`), so the next crawl can ask the site
 * for the page only if it changed and take a 304 for the memo. Memos written before have none: their pages are
 * fetched in full once more, as before, and remembered with the validators they come with then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('page_memos').addColumn('etag', 'text').execute()
  await db.schema.alterTable('page_memos').addColumn('last_modified', 'text').execute()
}
