import { type Kysely, sql } from 'kysely'

/**
 * One golden record per home, in one table again: migration 012 kept listed homes' records in `golden_records_listed`
 * and every other home's in `golden_records_unlisted`, behind a `golden_records` view that read a listed record first.
 * The unlisted table becomes `golden_records` (its definition, keyed by `bag_id`, is the one the table always had),
 * and a listed record replaces the unlisted one of its home, as the view showed it; unlisted rows it hid go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop view golden_records`.execute(db)
  await sql`alter table golden_records_unlisted rename to golden_records`.execute(db)
  await sql`insert or replace into golden_records select * from golden_records_listed`.execute(db)
  await sql`drop table golden_records_listed`.execute(db)
}
