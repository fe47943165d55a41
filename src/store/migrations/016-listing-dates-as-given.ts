import { type Kysely, sql } from 'kysely'

/** The API's default order, newest first: the date a site gives (unknown dates last), then first seen, then id. */
const NEWEST_FIRST = ['"listed_at" desc', '"first_seen" desc', '"id" desc']

/**
 * A listing's `listed_at` is the date its sites give, `yyyy-mm-dd`, or null when none gives one. Until now a listing
 * without a date took the time it was first seen, a date-time, so those listings filled the first page of "newest
 * first" whenever they were crawled. SQLite lets a column become nullable only by building its table again: the
 * listings are copied with their crawl times made null (such a `listed_at` equals `first_seen`), date-times a site
 * gave cut to their date, and the newest-first indexes built for the order the API now sorts by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['observations', 'stage_observations']) {
    await sql`update ${sql.table(table)} set listed_at = substr(listed_at, 1, 10) where length(listed_at) > 10`.execute(
      db,
    )
  }
  const create = (
    await sql<{
      sql: string
    }>`select sql from sqlite_master where type = 'table' and name = 'listings'`.execute(db)
  ).rows[0]!.sql
  const nullable = create.replace('"listed_at" text not null', '"listed_at" text')
  if (nullable === create)
    throw new Error('listings.listed_at is not the "text not null" column this expects')
  const indexes = (
    await sql<{ name: string; sql: string }>`
      select name, sql from sqlite_master where type = 'index' and tbl_name = 'listings' and sql is not null`.execute(
      db,
    )
  ).rows
  const columns = (
    await sql<{ name: string }>`select name from pragma_table_info('listings')`.execute(db)
  ).rows.map((c) => `"${c.name}"`)
  const copied = columns.map((c) =>
    c === '"listed_at"' ? 'case when listed_at = first_seen then null else substr(listed_at, 1, 10) end' : c,
  )
  await sql.raw(nullable.replace(/^CREATE TABLE "listings"/i, 'CREATE TABLE "listings_rebuilt"')).execute(db)
  await sql
    .raw(`insert into listings_rebuilt (${columns.join(', ')}) select ${copied.join(', ')} from listings`)
    .execute(db)
  await sql`drop table listings`.execute(db)
  await sql`alter table listings_rebuilt rename to listings`.execute(db)
  for (const index of indexes) {
    if (index.name === 'listings_newest' || index.name === 'listings_city_newest') continue
    await sql.raw(index.sql).execute(db)
  }
  await sql
    .raw(`create index "listings_newest" on "listings" ("status", ${NEWEST_FIRST.join(', ')})`)
    .execute(db)
  await sql
    .raw(
      `create index "listings_city_newest" on "listings" ("status", "city_key", ${NEWEST_FIRST.join(', ')})`,
    )
    .execute(db)
}
