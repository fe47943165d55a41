import type { Kysely } from 'kysely'

/**
 * Each BAG row remembers which version (voorkomen) it came from: an extract can hold an object "current" twice, and
 * the import then keeps the highest version whatever order the files come in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'bag_woonplaats',
    'bag_openbare_ruimte',
    'bag_nummeraanduiding',
    'bag_objects',
    'bag_panden',
  ]) {
    await db.schema
      .alterTable(table)
      .addColumn('voorkomen', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
  }
}
