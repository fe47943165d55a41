import { sql } from 'kysely'
import type { Fetcher } from '../fetch/index.js'
import type { Store } from '../store/database.js'
import { param, prepareQuery } from '../store/prepared.js'
import type { EnergyLabelLookupTable, EnergyLabelTable } from '../store/schema.js'
import {
  chooseLabel,
  EP_ONLINE_POLITENESS,
  epOnlineHeaders,
  epOnlineObjectUrl,
  isPreferredLabel,
  parseLabelResponse,
} from './ep-online/index.js'
import { reachableHomes } from './reachable-homes.js'
import { markRegisterChanges } from './register-changes.js'
import { fetchRegister, type RegisterLookupReport, runLookups } from './run-lookups.js'

/** Options for {@link lookUpEnergyLabels}. */
export interface EnergyLabelLookupOptions {
  readonly fetcher: Fetcher
  /** The EP-Online API key (sent in `Authorization`). */
  readonly key: string
  /** @default 'https://public.ep-online.nl/api/v5' */
  readonly baseUrl: string
  readonly budget: number
  readonly now: string
  readonly signal?: AbortSignal
  /** An object without a label is asked again after this many days. @default 90 */
  readonly retryAfterDays?: number
}

/**
 * Fills gaps the bulk file leaves (homes registered since it was published, or no file imported): asks EP-Online's
 * v5 API, within `budget`, about the homes reachable from listings that have no current label and were not asked
 * recently. The label that counts (not expired, newest registration) is stored with origin `api`; a later bulk
 * import keeps it unless the file has a newer one.
 */
export async function lookUpEnergyLabels(
  store: Store,
  runId: number,
  options: EnergyLabelLookupOptions,
): Promise<RegisterLookupReport> {
  const { db, sqlite } = store
  const today = options.now.slice(0, 10)
  const retryBefore = new Date(
    Date.parse(options.now) - (options.retryAfterDays ?? 90) * 86_400_000,
  ).toISOString()
  const candidates = await db
    .with('homes', () => reachableHomes(db, runId))
    .selectFrom('homes')
    .leftJoin('energy_labels as e', 'e.object_id', 'homes.object_id')
    .leftJoin('energy_label_lookups as l', 'l.object_id', 'homes.object_id')
    .select('homes.object_id')
    .where((eb) => eb.or([eb('e.object_id', 'is', null), eb('e.valid_until', '<', today)]))
    .where((eb) => eb.or([eb('l.looked_up_at', 'is', null), eb('l.looked_up_at', '<', retryBefore)]))
    .orderBy(sql`l.looked_up_at is not null`)
    .orderBy('l.looked_up_at')
    .orderBy('homes.object_id')
    .limit(options.budget)
    .execute()

  const current = prepareQuery<{ object_id: string }, { registered_at: string }>(
    sqlite,
    db.selectFrom('energy_labels').select('registered_at').where('object_id', '=', param('object_id')),
  )
  const columns = [
    'object_id',
    'label',
    'registered_at',
    'valid_until',
    'recorded_at',
    'building_class',
    'year_built',
    'simplified',
    'origin',
    'fetched_at',
  ] as const
  const putLabel = prepareQuery<EnergyLabelTable>(
    sqlite,
    db
      .insertInto('energy_labels')
      .values(Object.fromEntries(columns.map((c) => [c, param(c)])) as never)
      .onConflict((oc) =>
        oc
          .column('object_id')
          .doUpdateSet(Object.fromEntries(columns.slice(1).map((c) => [c, param(c)])) as never),
      ),
  )
  const putLookup = prepareQuery<EnergyLabelLookupTable>(
    sqlite,
    db
      .insertInto('energy_label_lookups')
      .values({
        object_id: param('object_id'),
        outcome: param('outcome'),
        looked_up_at: param('looked_up_at'),
      })
      .onConflict((oc) =>
        oc
          .column('object_id')
          .doUpdateSet({ outcome: param('outcome'), looked_up_at: param('looked_up_at') }),
      ),
  )

  return runLookups(candidates, {
    signal: options.signal,
    lookUp: async ({ object_id }) => {
      const response = await fetchRegister(
        options.fetcher,
        { url: epOnlineObjectUrl(options.baseUrl, object_id), headers: epOnlineHeaders(options.key) },
        EP_ONLINE_POLITENESS,
      )
      const { labels } = response ? parseLabelResponse(JSON.parse(response.body)) : { labels: [] }
      const best = chooseLabel(labels, today)
      const lookedUpAt = new Date().toISOString()
      const incumbent = current.get({ object_id })
      // The incumbent (if any) has expired: a newer label replaces it, and with none its record must lose it.
      const replaced =
        best !== null && (!incumbent || isPreferredLabel(best, { registeredAt: incumbent.registered_at }))
      const changed = replaced || (best === null && incumbent !== undefined)
      sqlite.transaction(() => {
        if (best && replaced) {
          putLabel.run({
            object_id,
            label: best.label,
            registered_at: best.registeredAt,
            valid_until: best.validUntil,
            recorded_at: best.recordedAt,
            building_class: best.buildingClass,
            year_built: best.yearBuilt,
            simplified: best.simplified ? 1 : 0,
            origin: 'api',
            fetched_at: response?.fetchedAt ?? lookedUpAt,
          })
        }
        putLookup.run({
          object_id,
          outcome: best ? 'found' : labels.length > 0 ? 'expired' : 'none',
          // The run's time, the clock that decides which look-ups are due again (see `lookUpWozValues`).
          looked_up_at: options.now,
        })
      })()
      if (changed) markRegisterChanges(store, [object_id], lookedUpAt)
      return { outcome: best ? 'found' : 'none', changed }
    },
    // A failure is not recorded as a look-up: the object stays due and is asked again next run.
    failed: () => {},
  })
}
