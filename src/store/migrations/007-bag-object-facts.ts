import { type Kysely, sql } from 'kysely'

/**
 * Two speed-ups the nightly merge and resolve need at national scale:
 * - each BAG object carries the facts the merger derives from its panden (year built, dwellings in its pand),
 *   computed once per import instead of with two correlated subqueries per golden record;
 * - the postcode index covers every column the resolver reads, so a lookup is one b-tree search, not two.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bag_objects').addColumn('bouwjaar', 'integer').execute()
  await db.schema.alterTable('bag_objects').addColumn('dwellings', 'integer').execute()
  await db.schema.dropIndex('bag_addresses_by_postcode').execute()
  await db.schema
    .createIndex('bag_addresses_by_postcode')
    .on('bag_addresses')
    .columns(['postcode', 'huisnummer', 'huisletter', 'toevoeging', 'object_id', 'street_key', 'oppervlakte'])
    .execute()
  // Databases imported before this migration get the facts now; later imports compute them themselves.
  await sql`
    update bag_objects set
      bouwjaar = (select min(p.bouwjaar) from bag_object_panden op join bag_panden p on p.id = op.pand_id
                   where op.object_id = bag_objects.id and p.status not in ('Pand gesloopt', 'Niet gerealiseerd pand', 'Pand ten onrechte opgevoerd')
                     and p.bouwjaar between 1000 and cast(strftime('%Y', 'now') as integer) + 5),
      dwellings = (select max((select count(*) from bag_object_panden other where other.pand_id = op.pand_id))
                     from bag_object_panden op where op.object_id = bag_objects.id)`.execute(db)
}
