import { type Kysely, sql } from 'kysely'
import { normaliseCity } from '../../normalise/index.js'

/** Every table that stores a place name beside its key, as shown to users or copied into what is shown. */
const TABLES = [
  'bag_addresses',
  'stage_observations',
  'observations',
  'listings',
  'golden_records_listed',
  'golden_records_unlisted',
] as const

/**
 * One name per place: stored place names take the form `normaliseCity` gives them, so a home resolved to the BAG
 * ("'s-Gravenhage") and one that is not (the site's "Den Haag") show the same name. Later imports and runs write
 * that form themselves; this rewrites what was stored before, a distinct name at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    const { rows } = await sql<{ city: string }>`
      select distinct city from ${sql.table(table)} where city is not null`.execute(db)
    for (const { city } of rows) {
      const shown = normaliseCity(city)
      if (shown !== city)
        await sql`update ${sql.table(table)} set city = ${shown} where city = ${city}`.execute(db)
    }
  }
}
