import { type Kysely, sql } from 'kysely'
import type { Database } from '../store/schema.js'

/**
 * The homes a run cares about: every object a listing of this run resolved to, and every object of a listing
 * still on offer. Register look-ups are limited to these, so a budget goes where the API's users look.
 */
export function reachableHomes(db: Kysely<Database>, runId: number) {
  return db
    .selectFrom('stage_observations')
    .select(sql<string>`bag_vbo_id`.as('object_id'))
    .where('run_id', '=', runId)
    .where('bag_vbo_id', 'is not', null)
    .union(
      db
        .selectFrom('listings')
        .select(sql<string>`bag_id`.as('object_id'))
        .where('status', '=', 'active')
        .where('bag_id', 'is not', null),
    )
}

/**
 * Those homes with their hoofdadres: from the BAG, else from the golden record, else from PDOK's answer (an
 * object the local BAG lacks). Homes with no known address are left out.
 */
export function reachableAddresses(db: Kysely<Database>, runId: number) {
  return db
    .with('homes', () => reachableHomes(db, runId))
    .selectFrom('homes')
    .leftJoin('bag_objects as o', 'o.id', 'homes.object_id')
    .leftJoin('golden_records as g', 'g.bag_id', 'homes.object_id')
    .select([
      'homes.object_id',
      sql<string>`coalesce(o.hoofdadres_id, g.num_id,
        (select p.num_id from pdok_lookups p where p.object_id = homes.object_id and p.num_id is not null limit 1))`.as(
        'num_id',
      ),
    ])
}
