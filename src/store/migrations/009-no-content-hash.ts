import type { Kysely } from 'kysely'

/**
 * Observations lose their content hash: publish compares a staged row's columns with the stored ones instead, which
 * is cheaper than hashing every staged row. Staged rows of a run that had not published yet are compared the same
 * way, so they need no rehashing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['observations', 'stage_observations']) {
    await db.schema.alterTable(table).dropColumn('content_hash').execute()
  }
}
