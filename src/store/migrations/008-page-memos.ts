import { type CreateTableBuilder, type Kysely, sql } from 'kysely'

/**
 * What each fetched page yielded, keyed by its content: a re-run that finds a page unchanged reuses the listings it
 * gave last time instead of parsing, normalising and resolving them again. Staged per run, published with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['page_memos', 'stage_page_memos']) {
    // biome-ignore lint/suspicious/noExplicitAny: the two tables differ by one column, so the builder's types vary.
    let builder: CreateTableBuilder<string, any> = db.schema.createTable(table)
    if (table === 'stage_page_memos') builder = builder.addColumn('run_id', 'integer', (c) => c.notNull())
    builder = builder
      .addColumn('source_id', 'text', (c) => c.notNull())
      .addColumn('page_key', 'text', (c) => c.notNull())
      .addColumn('content_hash', 'text', (c) => c.notNull())
      .addColumn('validity', 'text', (c) => c.notNull())
      .addColumn('yielded_json', 'text', (c) => c.notNull())
    await (table === 'page_memos'
      ? builder.addPrimaryKeyConstraint('page_memos_pk', ['source_id', 'page_key'])
      : builder.addPrimaryKeyConstraint('stage_page_memos_pk', ['run_id', 'source_id', 'page_key'])
    )
      .modifyEnd(sql`without rowid`)
      .execute()
  }
}
