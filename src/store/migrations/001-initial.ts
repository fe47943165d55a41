import { type CreateTableBuilder, type Kysely, sql } from 'kysely'

/** The first schema: runs, observations, listings, BAG, golden records, publication and API keys. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('runs')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('sources', 'text', (c) => c.notNull())
    .addColumn('exit_code', 'integer')
    .addColumn('pid', 'integer')
    .addColumn('report_json', 'text')
    .execute()

  await db.schema
    .createTable('run_sources')
    .addColumn('run_id', 'integer', (c) => c.notNull().references('runs.id'))
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('pages', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pages_failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('listings', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('new_listings', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_listings', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('withdrawn_listings', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rejected', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('errors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text')
    .addPrimaryKeyConstraint('run_sources_pk', ['run_id', 'source_id'])
    .execute()
  await db.schema
    .createIndex('run_sources_by_source')
    .on('run_sources')
    .columns(['source_id', 'run_id'])
    .execute()

  await db.schema
    .createTable('rejects')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('run_id', 'integer', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('payload', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('rejects_by_run').on('rejects').columns(['run_id', 'source_id']).execute()

  for (const table of ['stage_observations', 'observations'] as const) {
    // biome-ignore lint/suspicious/noExplicitAny: the two tables share columns, so the builder's column types vary.
    let builder: CreateTableBuilder<string, any> = db.schema.createTable(table)
    builder =
      table === 'observations'
        ? builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        : builder.addColumn('run_id', 'integer', (c) => c.notNull())
    builder = builder
      .addColumn('source_id', 'text', (c) => c.notNull())
      .addColumn('source_listing_id', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('price', 'real')
      .addColumn('price_on_request', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('surface_area', 'real')
      .addColumn('rooms', 'integer')
      .addColumn('energy_label', 'text')
      .addColumn('year_built', 'integer')
      .addColumn('dwelling_type', 'text')
      .addColumn('street', 'text')
      .addColumn('house_number', 'text')
      .addColumn('postcode', 'text')
      .addColumn('city', 'text')
      .addColumn('city_key', 'text')
      .addColumn('listed_at', 'text')
      .addColumn('address_key', 'text')
      .addColumn('bag_vbo_id', 'text')
      .addColumn('bag_num_id', 'text')
      .addColumn('resolution', 'text', (c) => c.notNull())
      .addColumn('content_hash', 'text', (c) => c.notNull())
    if (table === 'observations') {
      builder = builder
        .addColumn('listing_id', 'integer')
        .addColumn('first_seen', 'text', (c) => c.notNull())
        .addColumn('last_seen', 'text', (c) => c.notNull())
        .addColumn('last_run_id', 'integer', (c) => c.notNull())
        .addColumn('missing_runs', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', (c) => c.notNull())
        .addUniqueConstraint('observations_source_key', ['source_id', 'source_listing_id'])
    } else {
      builder = builder.addPrimaryKeyConstraint('stage_observations_pk', [
        'run_id',
        'source_id',
        'source_listing_id',
      ])
    }
    await builder.execute()
  }
  await db.schema.createIndex('observations_by_listing').on('observations').column('listing_id').execute()
  await db.schema
    .createIndex('observations_by_bag')
    .on('observations')
    .column('bag_vbo_id')
    .where('bag_vbo_id', 'is not', null)
    .execute()
  await db.schema
    .createIndex('observations_by_source')
    .on('observations')
    .columns(['source_id', 'status', 'last_run_id'])
    .execute()

  await db.schema
    .createTable('price_history')
    .addColumn('observation_id', 'integer', (c) => c.notNull())
    .addColumn('observed_at', 'text', (c) => c.notNull())
    .addColumn('price', 'real')
    .addColumn('run_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('price_history_pk', ['observation_id', 'observed_at'])
    .execute()

  await db.schema
    .createTable('listing_identities')
    .addColumn('identity_key', 'text', (c) => c.primaryKey())
    .addColumn('listing_id', 'integer', (c) => c.notNull())
    .modifyEnd(sql`without rowid`)
    .execute()

  await db.schema
    .createTable('listings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('bag_id', 'text')
    .addColumn('street', 'text')
    .addColumn('number', 'text')
    .addColumn('postcode', 'text')
    .addColumn('city', 'text')
    .addColumn('city_key', 'text')
    .addColumn('price', 'real')
    .addColumn('surface_area', 'real')
    .addColumn('source_name', 'text', (c) => c.notNull())
    .addColumn('source_url', 'text', (c) => c.notNull())
    .addColumn('sources_json', 'text', (c) => c.notNull())
    .addColumn('listed_at', 'text', (c) => c.notNull())
    .addColumn('first_seen', 'text', (c) => c.notNull())
    .addColumn('last_seen', 'text', (c) => c.notNull())
    .addColumn('withdrawn_at', 'text')
    .addColumn('updated_generation', 'integer', (c) => c.notNull())
    .execute()
  // The API's default order is newest first, ties by id; these indexes serve that order per filter shape
  // and the (city, type, price) one answers counts and price ranges from the index alone.
  await db.schema
    .createIndex('listings_newest')
    .on('listings')
    .columns(['status', 'listed_at desc', 'id desc'])
    .execute()
  await db.schema
    .createIndex('listings_city_newest')
    .on('listings')
    .columns(['status', 'city_key', 'listed_at desc', 'id desc'])
    .execute()
  await db.schema
    .createIndex('listings_city_type_price')
    .on('listings')
    .columns(['status', 'city_key', 'type', 'price'])
    .execute()
  await db.schema
    .createIndex('listings_type_price')
    .on('listings')
    .columns(['status', 'type', 'price'])
    .execute()
  await db.schema.createIndex('listings_by_bag').on('listings').columns(['bag_id', 'status']).execute()

  await createBagTables(db)

  await db.schema
    .createTable('golden_records')
    .addColumn('bag_id', 'text', (c) => c.primaryKey())
    .addColumn('num_id', 'text')
    .addColumn('street', 'text')
    .addColumn('number', 'text')
    .addColumn('postcode', 'text')
    .addColumn('city', 'text')
    .addColumn('city_key', 'text')
    .addColumn('year_built', 'integer')
    .addColumn('energy_label', 'text')
    .addColumn('woz_value', 'integer')
    .addColumn('woz_reference_date', 'text')
    .addColumn('surface_area', 'integer')
    .addColumn('use_purpose', 'text')
    .addColumn('dwelling_type', 'text')
    .addColumn('provenance_json', 'text', (c) => c.notNull())
    .addColumn('input_hash', 'text', (c) => c.notNull())
    .addColumn('updated_generation', 'integer', (c) => c.notNull())
    .modifyEnd(sql`without rowid`)
    .execute()

  await db.schema
    .createTable('valuation_models')
    .addColumn('kind', 'text', (c) => c.primaryKey())
    .addColumn('generation', 'integer', (c) => c.notNull())
    .addColumn('fitted_at', 'text', (c) => c.notNull())
    .addColumn('model_json', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('listing_counts')
    .addColumn('city_key', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('listing_counts_pk', ['city_key', 'type'])
    .execute()

  await db.schema
    .createTable('publication')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('generation', 'integer', (c) => c.notNull())
    .addColumn('run_id', 'integer')
    .addColumn('published_at', 'text', (c) => c.notNull())
    .execute()
  await sql`insert into publication (id, generation, run_id, published_at) values (1, 0, null, ${new Date(0).toISOString()})`.execute(
    db,
  )

  await db.schema
    .createTable('meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute()
}

async function createBagTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bag_woonplaats')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('naam', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('bag_openbare_ruimte')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('naam', 'text', (c) => c.notNull())
    .addColumn('verkorte_naam', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('woonplaats_id', 'text')
    .modifyEnd(sql`without rowid`)
    .execute()
  await db.schema
    .createTable('bag_nummeraanduiding')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('huisnummer', 'integer', (c) => c.notNull())
    .addColumn('huisletter', 'text')
    .addColumn('toevoeging', 'text')
    .addColumn('postcode', 'text')
    .addColumn('type_ao', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('openbare_ruimte_id', 'text', (c) => c.notNull())
    .addColumn('woonplaats_id', 'text')
    .modifyEnd(sql`without rowid`)
    .execute()
  await db.schema
    .createTable('bag_objects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('hoofdadres_id', 'text', (c) => c.notNull())
    .addColumn('gebruiksdoel', 'text')
    .addColumn('oppervlakte', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('x', 'real')
    .addColumn('y', 'real')
    .modifyEnd(sql`without rowid`)
    .execute()
  await db.schema
    .createTable('bag_object_addresses')
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('num_id', 'text', (c) => c.notNull())
    .addColumn('is_hoofdadres', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('bag_object_addresses_pk', ['num_id', 'object_id'])
    .modifyEnd(sql`without rowid`)
    .execute()
  await db.schema
    .createTable('bag_object_panden')
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('pand_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('bag_object_panden_pk', ['object_id', 'pand_id'])
    .modifyEnd(sql`without rowid`)
    .execute()
  await db.schema
    .createIndex('bag_object_panden_by_pand')
    .on('bag_object_panden')
    .columns(['pand_id', 'object_id'])
    .execute()
  await db.schema
    .createTable('bag_panden')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bouwjaar', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .modifyEnd(sql`without rowid`)
    .execute()
  await db.schema
    .createTable('bag_addresses')
    .addColumn('num_id', 'text', (c) => c.primaryKey())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('is_hoofdadres', 'integer', (c) => c.notNull())
    .addColumn('postcode', 'text')
    .addColumn('huisnummer', 'integer', (c) => c.notNull())
    .addColumn('huisletter', 'text')
    .addColumn('toevoeging', 'text')
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('street_key', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('city_key', 'text', (c) => c.notNull())
    .addColumn('oppervlakte', 'integer')
    .modifyEnd(sql`without rowid`)
    .execute()
  await db.schema
    .createIndex('bag_addresses_by_postcode')
    .on('bag_addresses')
    .columns(['postcode', 'huisnummer'])
    .execute()
  await db.schema.createIndex('bag_addresses_by_object').on('bag_addresses').column('object_id').execute()
}
