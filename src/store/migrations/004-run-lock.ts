import { type Kysely, sql } from 'kysely'

/**
 * The run lock: at most one row, the process that holds it. Checking and taking it happens inside one
 * `BEGIN IMMEDIATE` transaction, so SQLite's write lock makes the check-and-set atomic across processes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('run_lock')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('process_start', 'text')
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('command', 'text', (c) => c.notNull())
    .addColumn('acquired_at', 'text', (c) => c.notNull())
    .execute()
}
