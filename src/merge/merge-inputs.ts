import { sql } from 'kysely'
import { cityKey, displayPostcode, formatHouseNumber, normaliseCity } from '../normalise/index.js'
import type { Store } from '../store/database.js'
import { jsonEachParam, objectRows, param, prepareQuery } from '../store/prepared.js'
import type { PdokLookupTable } from '../store/schema.js'
import { bagDwellingTypeSql } from './bag-dwelling-type.js'
import type { BagFacts, Fact, MergeInputs } from './golden-record.js'

interface ObjectRow {
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
interface ListingFactRow {
  source_id: string
  last_seen: string
  year_built: number | null
  energy_label: string | null
  surface_area: number | null
  dwelling_type: string | null
}

/** A listing fact as stored: with the home it describes. */
interface StoredListingFact extends ListingFactRow {
  bag_vbo_id: string
}

/** BAG gebruiksoppervlakte is 1–999999 m²; the ends of that range are placeholders, not areas. */
const plausibleArea = (m2: number | null) => (m2 !== null && m2 > 1 && m2 < 999_999 ? m2 : null)

interface LabelRow {
  label: string
  registered_at: string
  year_built: number | null
}

interface WozRow {
  value: number
  peildatum: string
  fetched_at: string
}

/**
 * One fact per listing that states it, in the merge's order. A loop, not flatMap: flatMap would build an array per
 * fact only to flatten it, four times a home.
 */
function pick<T>(facts: readonly ListingFactRow[], value: (r: ListingFactRow) => T | null): Fact<T>[] {
  const picked: Fact<T>[] = []
  for (const r of facts) {
    const v = value(r)
    if (v !== null) picked.push({ source: r.source_id, value: v, observedAt: r.last_seen })
  }
  return picked
}

/** Loads everything the merger needs for one BAG object, with prepared statements. */
export function createMergeInputLoader(store: Store) {
  const { db, sqlite } = store
  // Year built (oldest standing pand) and dwellings per pand are derived once per BAG import (`import-bag.ts`).
  // The object's label and current WOZ value come in the same statement: one lookup per home, not three, is what
  // a national merge can afford.
  // One statement per batch of ids, not one per id (here and for the listing facts below): the ids arrive as a JSON
  // array and are looked up in order.
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
  const bagDate = db.selectFrom('meta').select('value').where('key', '=', 'bag_stand_date').compile()
  const observedAt =
    (sqlite.prepare(bagDate.sql).get(...bagDate.parameters) as { value: string } | undefined)?.value ??
    '1970-01-01'
  // The day against which a label's validity is judged.
  const today = new Date().toISOString().slice(0, 10)

  const fromBag = (row: ObjectRow): BagFacts => ({
    source: 'bag',
    objectId: row.id,
    numId: row.hoofdadres_id,
    street: row.street,
    number: formatHouseNumber({
      huisnummer: row.huisnummer,
      huisletter: row.huisletter,
      toevoeging: row.toevoeging,
    }),
    postcode: row.postcode ? displayPostcode(row.postcode) : null,
    city: row.city,
    cityKey: row.city_key,
    surfaceArea: plausibleArea(row.oppervlakte),
    usePurpose: row.gebruiksdoel,
    yearBuilt: row.bouwjaar,
    // A listing that says otherwise wins in the merge.
    dwellingType: row.bag_dwelling_type,
    observedAt,
  })

  /** An object only PDOK's Locatieserver knew: its address, nothing more. */
  const fromPdok = (id: string): BagFacts | null => {
    const found = pdok.get({ id })
    if (!found?.num_id || !found.street || !found.city || found.huisnummer === null) return null
    return {
      source: 'pdok',
      objectId: id,
      numId: found.num_id,
      street: found.street,
      number: formatHouseNumber({
        huisnummer: found.huisnummer,
        huisletter: found.huisletter,
        toevoeging: found.toevoeging,
      }),
      postcode: found.postcode ? displayPostcode(found.postcode) : null,
      city: normaliseCity(found.city),
      cityKey: cityKey(found.city),
      surfaceArea: null,
      usePurpose: null,
      yearBuilt: null,
      dwellingType: null,
      observedAt: found.looked_up_at,
    }
  }

  /** The listing facts of each id, in the merge's order (observation id); one statement. */
  function loadFacts(batch: readonly string[]): Map<string, ListingFactRow[]> {
    const factsOf = new Map<string, ListingFactRow[]>()
    for (const fact of listingFacts.all({ ids: JSON.stringify([...new Set(batch)]) })) {
      const own = factsOf.get(fact.bag_vbo_id)
      if (own) own.push(fact)
      else factsOf.set(fact.bag_vbo_id, [fact])
    }
    return factsOf
  }

  return {
    /**
     * The merger's inputs for each id, in order: null where neither the BAG nor PDOK knows the object. Two
     * statements for the whole batch; a few thousand ids make a good batch.
     */
    loadMany(batch: readonly string[]): (MergeInputs | null)[] {
      const factsOf = loadFacts(batch)
      const rows = new Map<string, ObjectRow>()
      for (const row of objects.all({ ids: JSON.stringify([...new Set(batch)]), today }))
        if (!rows.has(row.id)) rows.set(row.id, row)
      return batch.map((id) => inputsOf(id, rows.get(id), factsOf.get(id) ?? []))
    },
  }

  function inputsOf(
    id: string,
    row: ObjectRow | undefined,
    facts: readonly ListingFactRow[],
  ): MergeInputs | null {
    const bag = row ? fromBag(row) : fromPdok(id)
    if (!bag) return null
    const label: LabelRow | undefined = row
      ? row.label !== null && row.label_registered_at !== null
        ? { label: row.label, registered_at: row.label_registered_at, year_built: row.label_year_built }
        : undefined
      : energyLabel.get({ id, today })
    const woz: WozRow | undefined = row
      ? row.woz_value !== null && row.woz_peildatum !== null && row.woz_fetched_at !== null
        ? { value: row.woz_value, peildatum: row.woz_peildatum, fetched_at: row.woz_fetched_at }
        : undefined
      : currentWoz.get({ num_id: bag.numId })
    return {
      bag,
      registers: {
        energyLabel: label
          ? [{ source: 'ep-online', value: label.label, observedAt: label.registered_at }]
          : [],
        yearBuilt:
          label && label.year_built !== null
            ? [{ source: 'ep-online', value: label.year_built, observedAt: label.registered_at }]
            : [],
        woz: woz
          ? [
              {
                source: 'woz',
                value: { value: woz.value, referenceDate: woz.peildatum },
                observedAt: woz.fetched_at.slice(0, 10),
              },
            ]
          : [],
      },
      listings: {
        yearBuilt: pick(facts, (r) => r.year_built),
        energyLabel: pick(facts, (r) => r.energy_label),
        surfaceArea: pick(facts, (r) => r.surface_area),
        dwellingType: pick(facts, (r) => r.dwelling_type),
      },
    }
  }
}
