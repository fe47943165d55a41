import type { Kysely } from 'kysely'

/**
 * Per run and source, the listings the source showed once the run was over (its active observations, whatever the
 * run published or kept): the series the status page draws night by night. Null for runs from before it was kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('run_sources').addColumn('active_listings', 'integer').execute()
}
