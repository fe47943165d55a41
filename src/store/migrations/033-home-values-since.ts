import type { Kysely } from 'kysely'

/**
 * A publish looks only at the homes and rentals that changed since the last one. Golden records and listings gain an
 * index on `updated_generation`, so the rows written since a generation are found without reading the table, and
 * `valuations` gains `regulation_generation`, the generation that last wrote the row's rent regulation (null until
 * it is computed again), indexed too, so the rentals whose home's regulation moved are found the same way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('golden_records_by_generation')
    .on('golden_records')
    .column('updated_generation')
    .execute()
  await db.schema.createIndex('listings_by_generation').on('listings').column('updated_generation').execute()
  await db.schema.alterTable('valuations').addColumn('regulation_generation', 'integer').execute()
  await db.schema
    .createIndex('valuations_by_regulation_generation')
    .on('valuations')
    .column('regulation_generation')
    .execute()
}
