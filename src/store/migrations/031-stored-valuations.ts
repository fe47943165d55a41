import type { Kysely } from 'kysely'

/**
 * Each home's valuation, computed at publish and stored as the API serves it: `valuation_json` is the Golden
 * Record's `valuation` object. `record_hash` is the record's `input_hash` and `models_key` names the models (and the
 * valuation's format) it was computed with; a publish values a home again only when either differs. `generation` is
 * the generation that wrote the row. Empty until the next publish, which values every home.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('valuations')
    .addColumn('bag_id', 'text', (c) => c.primaryKey())
    .addColumn('valuation_json', 'text', (c) => c.notNull())
    .addColumn('record_hash', 'text', (c) => c.notNull())
    .addColumn('models_key', 'text', (c) => c.notNull())
    .addColumn('generation', 'integer', (c) => c.notNull())
    .execute()
}
