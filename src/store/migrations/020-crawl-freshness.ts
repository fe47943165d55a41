import type { Kysely } from 'kysely'

/**
 * What an incremental crawl needs to remember and to show. A page memo says whether it is a list or a detail page
 * (the refresh rotation walks detail pages) and, for a detail page, the digest of the search card that led to it,
 * so that an unchanged card can stand in for the detail page. An observation says when it was last verified and
 * how (`list`: its search card; `detail`: its detail page read; `not-modified`: its detail page answered 304). A
 * source's run keeps its requests by kind. Rows written before have nulls: their memos are read in full once more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('page_memos').addColumn('label', 'text').execute()
  await db.schema.alterTable('page_memos').addColumn('card_hash', 'text').execute()
  await db.schema.alterTable('stage_observations').addColumn('verified_by', 'text').execute()
  await db.schema.alterTable('observations').addColumn('verified_at', 'text').execute()
  await db.schema.alterTable('observations').addColumn('verified_by', 'text').execute()
  await db.schema.alterTable('run_sources').addColumn('requests_json', 'text').execute()
}
