import { type Kysely, sql } from 'kysely'

/**
 * What a source's run is judged on (see `judgeSourceRun`): `baseline` says the run's listing count is one later runs
 * are compared with (it read all of the source and was not degraded by too many rejects); `degraded_by` names the
 * checks that found the run unhealthy (comma-separated), null when none did. Runs recorded before count as a
 * baseline when they ended `ok`: runs cut short were rare, and one only lowers the typical count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('run_sources')
    .addColumn('baseline', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('run_sources').addColumn('degraded_by', 'text').execute()
  await sql`update run_sources set baseline = 1 where status = 'ok'`.execute(db)
}
