import type { Kysely } from 'kysely'

/**
 * What the law allows a home's rent to be, computed at publish. `valuations` gains `rent_regulation_json` (the
 * Golden Record's `rent_regulation`, null for a home that is not a dwelling) and `regulation_key` (the facts and the
 * policy date it was computed from: a publish computes it again only when either differs). A rental listing gains
 * the legal maximum of its home's rent (`max_legal_rent_low`, `max_legal_rent_high`, EUR a month) and whether its
 * asked rent is above it (`above_legal_max`: 1, 0 or null, with `above_legal_max_reason` when null). Empty until the
 * next publish.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('valuations').addColumn('rent_regulation_json', 'text').execute()
  await db.schema.alterTable('valuations').addColumn('regulation_key', 'text').execute()
  for (const column of ['max_legal_rent_low', 'max_legal_rent_high'])
    await db.schema.alterTable('listings').addColumn(column, 'real').execute()
  await db.schema.alterTable('listings').addColumn('above_legal_max', 'integer').execute()
  await db.schema.alterTable('listings').addColumn('above_legal_max_reason', 'text').execute()
}
