import { sql } from 'kysely'
import type { Store } from '../store/database.js'
import { jsonEachParam, objectRows, param, prepareQuery } from '../store/prepared.js'
import type { PdokLookupTable } from '../store/schema.js'
import { bagDwellingTypeSql } from './bag-dwelling-type.js'
import type { BagFacts } from './golden-record.js'

/** A BAG object with its main address, current energy label and current WOZ value, as the merge reads it. */
export interface ObjectRow {
  id: string
  hoofdadres_id: string
  oppervlakte: number | null
  gebruiksdoel: string | null
  street: string
  huisnummer: number
  huisletter: string | null
  toevoeging: string | null
  postcode: string | null
  city: string
  city_key: string
  bouwjaar: number | null
  /** What the BAG suggests the home is (see bagDwellingTypeSql). */
  bag_dwelling_type: 'apartment' | 'house' | null
  label: string | null
  label_registered_at: string | null
  label_year_built: number | null
  woz_value: number | null
  woz_peildatum: string | null
  woz_fetched_at: string | null
}

/** What one observation states about its home, as the merge reads it. */
export interface ListingFactRow {
  source_id: string
  last_seen: string
  year_built: number | null
  energy_label: string | null
  surface_area: number | null
  dwelling_type: string | null
}

/** A listing fact as stored: with the home it describes. */
export interface StoredListingFact extends ListingFactRow {
  bag_vbo_id: string
}

/** An energy label as the merge reads it. */
export interface LabelRow {
  label: string
  registered_at: string
  year_built: number | null
}

/** A WOZ value as the merge reads it. */
export interface WozRow {
  value: number
  peildatum: string
  fetched_at: string
}

/**
 * The statements the merge reads a batch of homes with. Year built (oldest standing pand) and dwellings per pand are
 * derived once per BAG import (`import-bag.ts`). The object's label and current WOZ value come in the same statement
 * as the object: one lookup per home, not three, is what a national merge can afford. One statement per batch of
 * ids, not one per id (here and for the listing facts): the ids arrive as a JSON array and are looked up in order.
 */
export function prepareMergeQueries(store: Store) {
  const { db, sqlite } = store
  const ids = jsonEachParam('ids', 'j')
  const objects = objectRows(
    prepareQuery<{ ids: string; today: string }, ObjectRow>(
      sqlite,
      db
        .selectFrom(ids)
        .innerJoin('bag_objects as o', 'o.id', 'j.value')
        .innerJoin('bag_addresses as a', 'a.num_id', 'o.hoofdadres_id')
        // A label that expired since it was stored no longer counts.
        .leftJoin('energy_labels as l', (join) =>
          join.onRef('l.object_id', '=', 'o.id').on('l.valid_until', '>=', param('today')),
        )
        // The newest peildatum is the current value; the older ones are its history.
        .leftJoin('woz_values as w', (join) =>
          join.onRef('w.num_id', '=', 'o.hoofdadres_id').on('w.peildatum', '=', (eb) =>
            eb
              .selectFrom('woz_values as w2')
              .select((e) => e.fn.max('w2.peildatum').as('newest'))
              .whereRef('w2.num_id', '=', 'o.hoofdadres_id'),
          ),
        )
        .select(['o.id', 'o.hoofdadres_id', 'o.oppervlakte', 'o.gebruiksdoel', 'o.bouwjaar'])
        .select(sql<BagFacts['dwellingType']>`${sql.raw(bagDwellingTypeSql('o'))}`.as('bag_dwelling_type'))
        .select([
          'a.street',
          'a.huisnummer',
          'a.huisletter',
          'a.toevoeging',
          'a.postcode',
          'a.city',
          'a.city_key',
        ])
        .select([
          'l.label',
          'l.registered_at as label_registered_at',
          'l.year_built as label_year_built',
          'w.value as woz_value',
          'w.peildatum as woz_peildatum',
          'w.fetched_at as woz_fetched_at',
        ]),
    ),
  )
  const pdok = prepareQuery<{ id: string }, PdokLookupTable>(
    sqlite,
    db
      .selectFrom('pdok_lookups')
      .selectAll()
      .where('object_id', '=', param('id'))
      .orderBy('looked_up_at', 'desc')
      .limit(sql.lit(1)),
  )
  const listingFacts = objectRows(
    prepareQuery<{ ids: string }, StoredListingFact>(
      sqlite,
      db
        .selectFrom(ids)
        .innerJoin('observations as f', 'f.bag_vbo_id', 'j.value')
        .select([
          'f.bag_vbo_id',
          'f.source_id',
          'f.last_seen',
          'f.year_built',
          'f.energy_label',
          'f.surface_area',
          'f.dwelling_type',
        ]) as never,
    ),
  )
  // Objects only PDOK knew: their label and WOZ value are looked up on their own.
  const energyLabel = prepareQuery<{ id: string; today: string }, LabelRow>(
    sqlite,
    db
      .selectFrom('energy_labels')
      .select(['label', 'registered_at', 'year_built'])
      .where('object_id', '=', param('id'))
      .where('valid_until', '>=', param('today')),
  )
  const currentWoz = prepareQuery<{ num_id: string }, WozRow>(
    sqlite,
    db
      .selectFrom('woz_values')
      .select(['value', 'peildatum', 'fetched_at'])
      .where('num_id', '=', param('num_id'))
      .orderBy('peildatum', 'desc')
      .limit(sql.lit(1)),
  )
  return { objects, pdok, listingFacts, energyLabel, currentWoz }
}

export type MergeQueries = ReturnType<typeof prepareMergeQueries>

/** The BAG extract's date (its stand date): when the BAG's facts were observed. */
export function bagObservedAt(store: Store): string {
  const bagDate = store.db.selectFrom('meta').select('value').where('key', '=', 'bag_stand_date').compile()
  return (
    (store.sqlite.prepare(bagDate.sql).get(...bagDate.parameters) as { value: string } | undefined)?.value ??
    '1970-01-01'
  )
}
