import type { Kysely } from 'kysely'

/**
 * The catalogue keeps what the code says of each listing source, so that the API lists the sources from the
 * database alone and never loads an adapter: its kind, render mode, offer types, homepage, politeness, terms,
 * evidence, preset and regions (JSON for lists and records), its rank in the trust order (lower wins in golden
 * records; null for a source that has none), and whether the code that last registered the sources had it
 * (`registered`). Rows from before hold none of these, and are not registered, until a run registers them again.
 */
const COLUMNS = [
  ['kind', 'text'],
  ['render', 'text'],
  ['offers_json', 'text'],
  ['homepage', 'text'],
  ['politeness_json', 'text'],
  ['terms', 'text'],
  ['evidence_json', 'text'],
  ['preset', 'text'],
  ['regions_json', 'text'],
  ['trust_rank', 'integer'],
] as const

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, type] of COLUMNS)
    await db.schema.alterTable('source_catalogue').addColumn(name, type).execute()
  await db.schema
    .alterTable('source_catalogue')
    .addColumn('registered', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}
