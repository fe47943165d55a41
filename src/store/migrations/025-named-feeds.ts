import type { Kysely } from 'kysely'

/**
 * A source read with another's adapter under a name of its own: a partner feed given as `--feed NAME=PATH` is the
 * source NAME, read with the `feed` adapter. The catalogue keeps that adapter's id, so `propdata sources` and
 * `/v1/sources` know such a source for what it is although no code registers it. Null for a source that is its own
 * adapter (every registered one, and the bare `feed`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('source_catalogue').addColumn('adapter', 'text').execute()
}
