import type { Store } from '../store/database.js'
import { param, prepareQuery } from '../store/prepared.js'
import type { ObservationRow } from '../store/schema.js'
import { identityKey } from './listing-identity.js'

type IdentityRow = Pick<
  ObservationRow,
  'id' | 'source_id' | 'source_listing_id' | 'type' | 'bag_vbo_id' | 'address_key' | 'listing_id'
>

/** Prepares the statements that map identities to listing ids. */
export function prepareIdentityStatements(store: Store) {
  const { db, sqlite } = store
  return {
    observation: prepareQuery<{ id: number }, IdentityRow>(
      sqlite,
      db
        .selectFrom('observations')
        .select(['id', 'source_id', 'source_listing_id', 'type', 'bag_vbo_id', 'address_key', 'listing_id'])
        .where('id', '=', param('id')),
    ),
    lookup: prepareQuery<{ key: string }, { listing_id: number }>(
      sqlite,
      db.selectFrom('listing_identities').select('listing_id').where('identity_key', '=', param('key')),
    ),
    remember: prepareQuery<{ key: string; listing_id: number }>(
      sqlite,
      db
        .insertInto('listing_identities')
        .values({ identity_key: param('key'), listing_id: param('listing_id') }),
    ),
    listingType: prepareQuery<{ id: number }, { type: string }>(
      sqlite,
      db.selectFrom('listings').select('type').where('id', '=', param('id')),
    ),
    nextId: sqlite.prepare<[], { next: number }>(
      'select max(coalesce((select max(listing_id) from listing_identities), 0), coalesce((select max(id) from listings), 0)) + 1 as next',
    ),
    setListing: prepareQuery<{ id: number; listing_id: number }>(
      sqlite,
      db
        .updateTable('observations')
        .set({ listing_id: param('listing_id') })
        .where('id', '=', param('id')),
    ),
  }
}

/**
 * Gives every touched observation the listing id of the home it describes. An identity seen before keeps its id
 * (so a withdrawn listing that returns gets its old id back); a new identity of an observation that already had a
 * listing (it was just resolved to BAG, say) keeps that listing's id, so ids stay stable across runs.
 * Returns the listings whose membership changed.
 */
export function assignListings(
  statements: ReturnType<typeof prepareIdentityStatements>,
  touched: Iterable<number>,
): Set<number> {
  const affected = new Set<number>()
  let next = statements.nextId.get()!.next
  for (const observationId of touched) {
    const obs = statements.observation.get({ id: observationId })
    if (!obs) continue
    const key = identityKey({
      sourceId: obs.source_id,
      sourceListingId: obs.source_listing_id,
      type: obs.type,
      bagObjectId: obs.bag_vbo_id,
      addressKey: obs.address_key,
    })
    let listingId = statements.lookup.get({ key })?.listing_id
    if (listingId === undefined) {
      const previous = obs.listing_id
      const reusable = previous !== null && statements.listingType.get({ id: previous })?.type === obs.type
      listingId = reusable ? previous : next++
      statements.remember.run({ key, listing_id: listingId })
    }
    if (obs.listing_id !== listingId) {
      if (obs.listing_id !== null) affected.add(obs.listing_id)
      statements.setListing.run({ id: obs.id, listing_id: listingId })
    }
    affected.add(listingId)
  }
  return affected
}
