import { type Kysely, sql } from 'kysely'

/**
 * Golden records of the homes listings describe are kept apart from the rest: `golden_records_listed` holds them,
 * `golden_records_unlisted` every other home's (a BAG import writes a record for every object, most of which no
 * listing names), and `golden_records` is the view that readers use, a listed home's record where there is one. A
 * run rewrites the records of the homes its listings describe: in one table of a million records, spread over every
 * page of it, a national first run's 163k changes made the commit and the checkpoint copy the whole 194 MB table;
 * here they are a table of their own. An unlisted row may be older than the listed one that hides it; nothing reads
 * it while that one exists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table golden_records rename to golden_records_unlisted`.execute(db)
  const { sql: create } = (
    await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = 'golden_records_unlisted'`.execute(db)
  ).rows[0] as { sql: string }
  await sql.raw(create.replace(/golden_records_unlisted/, 'golden_records_listed')).execute(db)
  await sql`create view golden_records as
              select * from golden_records_listed
              union all
              select * from golden_records_unlisted u
               where not exists (select 1 from golden_records_listed l where l.bag_id = u.bag_id)`.execute(db)
}
