import type { Kysely } from 'kysely'

/**
 * Per run and source, the fill rate of each watched listing field among the listings the run parsed (see
 * `FILL_FIELDS`), as JSON: `{"price": 98.5, "postcode": 41, …}` in percent. Null when the run parsed too few
 * listings to say, or when too many rejects make its rates meaningless; such a run is no fill baseline either.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('run_sources').addColumn('fill_rates_json', 'text').execute()
}
