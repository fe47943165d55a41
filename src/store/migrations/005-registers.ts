import { type Kysely, sql } from 'kysely'

/**
 * The registers besides the BAG: the energy label that counts per object (EP-Online), WOZ values per
 * nummeraanduiding and peildatum (the WOZ-waardeloket), what was looked up when (so each run asks only for what it
 * lacks), and the homes whose register facts changed since their golden record was last written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('energy_labels')
    .addColumn('object_id', 'text', (c) => c.primaryKey())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('registered_at', 'text', (c) => c.notNull())
    .addColumn('valid_until', 'text')
    .addColumn('recorded_at', 'text')
    .addColumn('building_class', 'text')
    .addColumn('year_built', 'integer')
    .addColumn('simplified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('fetched_at', 'text', (c) => c.notNull())
    .modifyEnd(sql`without rowid`)
    .execute()

  await db.schema
    .createTable('energy_label_lookups')
    .addColumn('object_id', 'text', (c) => c.primaryKey())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('looked_up_at', 'text', (c) => c.notNull())
    .modifyEnd(sql`without rowid`)
    .execute()

  await db.schema
    .createTable('woz_values')
    .addColumn('num_id', 'text', (c) => c.notNull())
    .addColumn('peildatum', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('fetched_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('woz_values_pk', ['num_id', 'peildatum'])
    .modifyEnd(sql`without rowid`)
    .execute()

  await db.schema
    .createTable('woz_lookups')
    .addColumn('num_id', 'text', (c) => c.primaryKey())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('newest_peildatum', 'text')
    .addColumn('looked_up_at', 'text', (c) => c.notNull())
    .modifyEnd(sql`without rowid`)
    .execute()

  await db.schema
    .createTable('register_changes')
    .addColumn('object_id', 'text', (c) => c.primaryKey())
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .modifyEnd(sql`without rowid`)
    .execute()
}
