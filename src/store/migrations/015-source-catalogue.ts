import type { Kysely } from 'kysely'

/**
 * Every listing source a run has known, by id and name: each ingest writes the sources registered in its code. A
 * running server lists them from here, so a source registered after it started shows in `/v1/sources` without a
 * restart, and one dropped from the registry still has a name while its listings are served.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('source_catalogue')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('registered_at', 'text', (c) => c.notNull())
    .execute()
}
