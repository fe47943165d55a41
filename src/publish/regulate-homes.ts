import { hash } from 'node:crypto'
import type { Store } from '../store/database.js'
import { readMeta, writeMeta } from '../store/publication.repository.js'
import {
  type EnergyRecord,
  eitherResult,
  labelInForce,
  rentRegulation,
  rulesInForce,
  toRentRegulationJson,
  type WwsFacts,
  type WwsResult,
} from '../wws/index.js'
import type { Label } from '../wws/tables/energy.js'

/**
 * The form of a stored rent regulation and of the facts read for it: part of every row's `regulation_key`, so that
 * a change to either computes every home again at the next publish.
 */
const REGULATION_FORMAT = 'r2'

/** Since 2021 every energy label is registered by NTA 8800, and a registered label is final. */
const NTA8800_SINCE = '2021-01-01'

/** What the store knows of a home for its WWS points, one row per Golden Record. */
interface FactsRow {
  bag_id: string
  use_purpose: string | null
  dwelling_type: string | null
  year_built: number | null
  /** The BAG's usable area. */
  oppervlakte: number | null
  woonplaats_code: string | null
  label: string | null
  recorded_at: string | null
  valid_until: string | null
  label_lookup: string | null
  /** `[[peildatum, value], …]` as JSON. */
  woz_json: string
  woz_lookup: string | null
  /** The distinct room counts the home's listings state, as JSON. */
  rooms_json: string
}

/** The facts of a batch of homes (`ids`, a JSON array), in the batch's order. */
const FACTS_SQL = `
  select g.bag_id, g.use_purpose, g.dwelling_type, g.year_built, o.oppervlakte,
         coalesce(n.woonplaats_id, r.woonplaats_id) as woonplaats_code,
         l.label, l.recorded_at, l.valid_until,
         (select e.outcome from energy_label_lookups e where e.object_id = g.bag_id) as label_lookup,
         (select json_group_array(json_array(w.peildatum, w.value)) from woz_values w where w.num_id = o.hoofdadres_id)
           as woz_json,
         (select k.outcome from woz_lookups k where k.num_id = o.hoofdadres_id) as woz_lookup,
         (select json_group_array(distinct s.rooms) from listings m join observations s on s.listing_id = m.id
           where m.bag_id = g.bag_id and s.rooms is not null) as rooms_json
    from json_each(@ids) j
    join golden_records g on g.bag_id = j.value
    left join bag_objects o on o.id = g.bag_id
    left join bag_nummeraanduiding n on n.id = o.hoofdadres_id
    left join bag_openbare_ruimte r on r.id = n.openbare_ruimte_id
    left join energy_labels l on l.object_id = g.bag_id
   order by j.key`

/** BAG gebruiksoppervlakte is 1–999999 m²; the ends of that range are placeholders, not areas. */
const plausibleArea = (m2: number | null) => (m2 !== null && m2 > 1 && m2 < 999_999 ? m2 : undefined)

/** The WWS's column of the energy table, from the kind of home: a house is single-family, a flat multi-family. */
function dwellingOf(type: string | null): WwsFacts['dwelling'] {
  if (type === 'house') return 'single-family'
  return type === 'apartment' || type === 'studio' ? 'multi-family' : undefined
}

/**
 * The home's facts for the WWS, or null when it is not a dwelling. A label since 2021 is an NTA 8800 registration,
 * final; an older one is returned apart (`olderLabel`), as the store does not keep its registration kind: the points
 * then span the label counting and not counting. No label is a fact when EP-Online's file was imported or the home
 * was looked up; no WOZ value when the WOZ register was asked. Room counts are the listings' when they agree.
 */
export function wwsFactsOf(
  row: FactsRow,
  labelsImported: boolean,
): { facts: WwsFacts; olderLabel: EnergyRecord | null } | null {
  if (!row.use_purpose?.includes('woonfunctie')) return null
  const usableM2 = plausibleArea(row.oppervlakte)
  const label: EnergyRecord | null =
    row.label && row.recorded_at && row.valid_until
      ? {
          kind: 'NTA8800',
          status: 'final',
          validFrom: row.recorded_at.slice(0, 10),
          validUntil: row.valid_until.slice(0, 10),
          label: row.label as Label,
        }
      : null
  const noLabelKnown = labelsImported || row.label_lookup === 'none' || row.label_lookup === 'expired'
  const olderLabel = label && label.validFrom! < NTA8800_SINCE ? label : null
  // A label without its dates may or may not count: unknown. The older label's two cases are computed apart.
  const energy = label ? (olderLabel ? [] : [label]) : row.label === null && noLabelKnown ? [] : undefined
  const woz = (JSON.parse(row.woz_json) as [string, number][]).map(([referenceDate, value]) => ({
    referenceDate,
    value,
  }))
  const rooms = JSON.parse(row.rooms_json) as number[]
  const facts: WwsFacts = {
    dwelling: dwellingOf(row.dwelling_type),
    buildYear: row.year_built ?? undefined,
    woonplaatsCode: row.woonplaats_code ?? undefined,
    area: { usableM2 },
    energy,
    woz: woz.length > 0 ? woz : row.woz_lookup === 'none' ? [] : undefined,
    listing: rooms.length === 1 ? { rooms: rooms[0] } : undefined,
  }
  return { facts, olderLabel }
}

/** The rent regulation of a home's facts on a policy date, spanning an older label's counting and not counting. */
export function regulationOf(
  found: { facts: WwsFacts; olderLabel: EnergyRecord | null },
  policyDate: string,
): WwsResult {
  const without = rentRegulation(found.facts, policyDate)
  if (!found.olderLabel) return without
  const withLabel = rentRegulation({ ...found.facts, energy: [found.olderLabel] }, policyDate)
  return eitherResult(withLabel, without, ['energy'])
}

/** Homes read and written together. */
const BATCH = 2_000

/** The rules the stored regulations were computed with, and on which policy date, kept in `meta`. */
interface StoredRules {
  readonly rules: string
  readonly policyDate: string
}

const RULES_KEY = 'regulation_rules'

/**
 * What a home's regulation is computed from: the rules in force (not the date: the same rules on another day give
 * the same result), which of its labels is valid on the date, and its facts. A home that is not a dwelling has none,
 * whatever the rules.
 */
function regulationKey(found: ReturnType<typeof wwsFactsOf>, rules: string, policyDate: string): string {
  if (!found) return `${REGULATION_FORMAT}|none`
  const labels = [found.facts, { energy: found.olderLabel ? [found.olderLabel] : [] }]
    .map((facts) => labelInForce(facts, policyDate))
    .join()
  return hash('sha1', `${REGULATION_FORMAT}|${rules}|${labels}|${JSON.stringify(found)}`, 'base64url')
}

/**
 * Adds to `touched` the homes whose label starts or stops being valid between two policy dates: the one date that
 * changes a home's regulation without a change to its facts or to the rules.
 */
function addLabelsCrossing(store: Store, touched: string, from: string, to: string): void {
  const [low, high] = from < to ? [from, to] : [to, from]
  store.sqlite
    .prepare(
      `insert or ignore into ${touched} (bag_id)
         select object_id from energy_labels
          where (substr(recorded_at, 1, 10) > @low and substr(recorded_at, 1, 10) <= @high)
             or (substr(valid_until, 1, 10) > @low and substr(valid_until, 1, 10) <= @high)`,
    )
    .run({ low, high })
}

/**
 * Computes the `rent_regulation` of every Golden Record whose key changed since it was stored (its facts, the rules in
 * force or its label's validity; a home that is not a dwelling has none), on `policyDate`, the publish's date in the
 * Netherlands, and stamps it with `generation`. Looks at the homes in the table `touched` (null: every home), and at
 * every home when the rules in force changed. Run inside the publishing transaction, after {@link valueHomes} (it
 * writes into the same rows). Returns how many it wrote.
 */
export function regulateHomes(
  store: Store,
  policyDate: string,
  generation: number,
  touched: string | null,
): number {
  const { sqlite } = store
  const labelsImported = readMeta(store, 'energy_labels_imported_at') !== undefined
  const rules = `${REGULATION_FORMAT}|${rulesInForce(policyDate)}|${labelsImported}`
  const stored = readMeta(store, RULES_KEY)
  const last = stored === undefined ? null : (JSON.parse(stored) as StoredRules)
  const scope = last?.rules === rules ? touched : null
  if (scope !== null && last!.policyDate !== policyDate)
    addLabelsCrossing(store, scope, last!.policyDate, policyDate)
  writeMeta(store, RULES_KEY, JSON.stringify({ rules, policyDate } satisfies StoredRules))

  const page = sqlite
    .prepare<[string]>(
      `select bag_id from ${scope ?? 'golden_records'} where bag_id > ? order by bag_id limit ${BATCH}`,
    )
    .pluck()
  const factsOf = sqlite.prepare<[{ ids: string }], FactsRow>(FACTS_SQL)
  const storedKeys = sqlite.prepare<[{ ids: string }], [string, string | null]>(
    'select v.bag_id, v.regulation_key from json_each(@ids) j join valuations v on v.bag_id = j.value',
  )
  const write = sqlite.prepare<[string | null, string, number, string]>(
    'update valuations set rent_regulation_json = ?, regulation_key = ?, regulation_generation = ? where bag_id = ?',
  )
  let written = 0
  let after = ''
  for (;;) {
    const ids = page.all(after) as string[]
    if (ids.length === 0) break
    after = ids.at(-1)!
    const batch = { ids: JSON.stringify(ids) }
    const keys = new Map(storedKeys.raw().all(batch) as [string, string | null][])
    for (const row of factsOf.all(batch)) {
      const found = wwsFactsOf(row, labelsImported)
      const key = regulationKey(found, rules, policyDate)
      if (keys.get(row.bag_id) === key) continue
      const json = found && JSON.stringify(toRentRegulationJson(regulationOf(found, policyDate)))
      written += write.run(json, key, generation, row.bag_id).changes
    }
  }
  return written
}
