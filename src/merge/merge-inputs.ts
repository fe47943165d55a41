import { cityKey, displayPostcode, formatHouseNumber, normaliseCity } from '../normalise/index.js'
import type { Store } from '../store/database.js'
import type { PdokLookupTable } from '../store/schema.js'
import type { BagFacts, Fact, MergeInputs } from './golden-record.js'
import {
  bagObservedAt,
  type LabelRow,
  type ListingFactRow,
  type MergeQueries,
  type ObjectRow,
  prepareMergeQueries,
  type WozRow,
} from './merge-input-queries.js'

/** BAG gebruiksoppervlakte is 1–999999 m²; the ends of that range are placeholders, not areas. */
const plausibleArea = (m2: number | null) => (m2 !== null && m2 > 1 && m2 < 999_999 ? m2 : null)

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

/** An object the BAG knows, as of the extract's date. */
function fromBag(row: ObjectRow, observedAt: string): BagFacts {
  return {
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
  }
}

/** An object only PDOK's Locatieserver knew: its address, nothing more; null when the lookup has no full address. */
function fromPdok(id: string, found: PdokLookupTable | undefined): BagFacts | null {
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

/** The label and current WOZ value that came with a BAG object's row, if it has them. */
function registersOfRow(row: ObjectRow): { label?: LabelRow; woz?: WozRow } {
  return {
    label:
      row.label !== null && row.label_registered_at !== null
        ? { label: row.label, registered_at: row.label_registered_at, year_built: row.label_year_built }
        : undefined,
    woz:
      row.woz_value !== null && row.woz_peildatum !== null && row.woz_fetched_at !== null
        ? { value: row.woz_value, peildatum: row.woz_peildatum, fetched_at: row.woz_fetched_at }
        : undefined,
  }
}

/** The merger's inputs for one home: the BAG's (or PDOK's) facts, the registers' and the listings'. */
function mergeInputs(
  bag: BagFacts,
  label: LabelRow | undefined,
  woz: WozRow | undefined,
  facts: readonly ListingFactRow[],
): MergeInputs {
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

/** The listing facts of each id, in the merge's order (observation id); one statement. */
function loadFacts(queries: MergeQueries, batch: readonly string[]): Map<string, ListingFactRow[]> {
  const factsOf = new Map<string, ListingFactRow[]>()
  for (const fact of queries.listingFacts.all({ ids: JSON.stringify([...new Set(batch)]) })) {
    const own = factsOf.get(fact.bag_vbo_id)
    if (own) own.push(fact)
    else factsOf.set(fact.bag_vbo_id, [fact])
  }
  return factsOf
}

/** Loads everything the merger needs for one BAG object, with prepared statements. */
export function createMergeInputLoader(store: Store) {
  const queries = prepareMergeQueries(store)
  const observedAt = bagObservedAt(store)
  // The day against which a label's validity is judged.
  const today = new Date().toISOString().slice(0, 10)

  /** An object the BAG does not know is looked up in PDOK, with its label and WOZ value on their own. */
  const inputsOf = (
    id: string,
    row: ObjectRow | undefined,
    facts: readonly ListingFactRow[],
  ): MergeInputs | null => {
    if (row) {
      const { label, woz } = registersOfRow(row)
      return mergeInputs(fromBag(row, observedAt), label, woz, facts)
    }
    const bag = fromPdok(id, queries.pdok.get({ id }))
    if (!bag) return null
    const label = queries.energyLabel.get({ id, today })
    return mergeInputs(bag, label, queries.currentWoz.get({ num_id: bag.numId }), facts)
  }

  return {
    /**
     * The merger's inputs for each id, in order: null where neither the BAG nor PDOK knows the object. Two
     * statements for the whole batch; a few thousand ids make a good batch.
     */
    loadMany(batch: readonly string[]): (MergeInputs | null)[] {
      const factsOf = loadFacts(queries, batch)
      const rows = new Map<string, ObjectRow>()
      for (const row of queries.objects.all({ ids: JSON.stringify([...new Set(batch)]), today }))
        if (!rows.has(row.id)) rows.set(row.id, row)
      return batch.map((id) => inputsOf(id, rows.get(id), factsOf.get(id) ?? []))
    },
  }
}
