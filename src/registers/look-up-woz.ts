import { sql } from 'kysely'
import type { Fetcher } from '../fetch/index.js'
import type { Store } from '../store/database.js'
import { param, prepareQuery } from '../store/prepared.js'
import type { WozLookupTable, WozValueTable } from '../store/schema.js'
import { reachableAddresses } from './reachable-homes.js'
import { markRegisterChanges } from './register-changes.js'
import { fetchRegister, type RegisterLookupReport, runLookups } from './run-lookups.js'
import { parseWozResponse, WOZ_POLITENESS, wozUrl } from './woz/index.js'

/** Options for {@link lookUpWozValues}. */
export interface WozLookupOptions {
  readonly fetcher: Fetcher
  /** @default 'https://api.kadaster.nl/lvwoz/wozwaardeloket-api/v1' */
  readonly baseUrl: string
  /** At most this many requests per run; at 1 a second, 2,000 take about 35 minutes. */
  readonly budget: number
  /** ISO timestamp of the run: decides the current peildatum and what is due again. */
  readonly now: string
  readonly signal?: AbortSignal
  /** An address with no current value is asked again after this many days. @default 30 */
  readonly retryAfterDays?: number
}

/**
 * The peildatum a current WOZ value has on `now`: 1 January of last year (the 2026 tax year values homes on
 * 2025-01-01). Values appear around February, so early in a year this is ahead of what exists, and the retry
 * interval, not the budget, decides how often such homes are asked.
 */
export const currentPeildatum = (now: string): string => `${Number(now.slice(0, 4)) - 1}-01-01`

/**
 * Budgeted, incremental WOZ enrichment: looks up, at most `budget` at a time and never faster than once a second,
 * the homes reachable from this run's and the active listings that lack a value for the current peildatum and were
 * not asked recently, never-asked ones first. Values are kept per nummeraanduiding and peildatum (the cache, also
 * history); a home whose current value changed is marked for its golden record to be rewritten at publish.
 */
export async function lookUpWozValues(
  store: Store,
  runId: number,
  options: WozLookupOptions,
): Promise<RegisterLookupReport> {
  const { db, sqlite } = store
  const current = currentPeildatum(options.now)
  const retryBefore = new Date(
    Date.parse(options.now) - (options.retryAfterDays ?? 30) * 86_400_000,
  ).toISOString()
  const candidates = await db
    .with('addressed', () => reachableAddresses(db, runId))
    .selectFrom('addressed as a')
    .leftJoin('woz_lookups as l', 'l.num_id', 'a.num_id')
    .select(['a.object_id', 'a.num_id'])
    .where('a.num_id', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('woz_values as v')
            .select('v.num_id')
            .whereRef('v.num_id', '=', 'a.num_id')
            .where('v.peildatum', '>=', current),
        ),
      ),
    )
    .where((eb) =>
      eb.or([
        eb('l.looked_up_at', 'is', null),
        eb('l.outcome', '=', 'failed'),
        eb('l.looked_up_at', '<', retryBefore),
      ]),
    )
    .orderBy(sql`l.looked_up_at is not null`)
    .orderBy('l.looked_up_at')
    .orderBy('a.object_id')
    .limit(options.budget)
    .execute()

  const newest = prepareQuery<{ num_id: string }, { peildatum: string; value: number }>(
    sqlite,
    db
      .selectFrom('woz_values')
      .select(['peildatum', 'value'])
      .where('num_id', '=', param('num_id'))
      .orderBy('peildatum', 'desc')
      .limit(sql.lit(1)),
  )
  const putValue = prepareQuery<WozValueTable>(
    sqlite,
    db
      .insertInto('woz_values')
      .values({
        num_id: param('num_id'),
        peildatum: param('peildatum'),
        value: param('value'),
        object_id: param('object_id'),
        fetched_at: param('fetched_at'),
      })
      // A value seen again keeps the date it was first seen: provenance then says since when we know it.
      .onConflict((oc) =>
        oc
          .columns(['num_id', 'peildatum'])
          .doUpdateSet({
            value: param('value'),
            object_id: param('object_id'),
            fetched_at: param('fetched_at'),
          })
          .where(sql<boolean>`excluded.value <> woz_values.value`),
      ),
  )
  const putLookup = prepareQuery<WozLookupTable>(
    sqlite,
    db
      .insertInto('woz_lookups')
      .values({
        num_id: param('num_id'),
        object_id: param('object_id'),
        outcome: param('outcome'),
        newest_peildatum: param('newest_peildatum'),
        looked_up_at: param('looked_up_at'),
      })
      .onConflict((oc) =>
        oc.column('num_id').doUpdateSet({
          object_id: param('object_id'),
          outcome: param('outcome'),
          newest_peildatum: param('newest_peildatum'),
          looked_up_at: param('looked_up_at'),
        }),
      ),
  )
  const lookedUpAt = () => new Date().toISOString()
  type Candidate = { object_id: string; num_id: string | null }

  return runLookups(candidates as Candidate[], {
    signal: options.signal,
    lookUp: async ({ object_id, num_id }) => {
      const numId = num_id!
      const response = await fetchRegister(
        options.fetcher,
        { url: wozUrl(options.baseUrl, numId), headers: { accept: 'application/json' } },
        WOZ_POLITENESS,
      )
      const values = response ? parseWozResponse(JSON.parse(response.body)).values : []
      const fetchedAt = response?.fetchedAt ?? lookedUpAt()
      const before = newest.get({ num_id: numId })
      sqlite.transaction(() => {
        for (const v of values)
          putValue.run({
            num_id: numId,
            peildatum: v.peildatum,
            value: v.value,
            object_id,
            fetched_at: fetchedAt,
          })
        putLookup.run({
          num_id: numId,
          object_id,
          outcome: values.length > 0 ? 'found' : 'none',
          newest_peildatum: values[0]?.peildatum ?? null,
          // The run's time, the clock that decides which look-ups are due again: stamped with the wall clock, a run
          // dated before it (a replay, a test) left look-ups that its own next month did not retry.
          looked_up_at: options.now,
        })
      })()
      const after = newest.get({ num_id: numId })
      const changed =
        after !== undefined && (after.peildatum !== before?.peildatum || after.value !== before.value)
      if (changed) markRegisterChanges(store, [object_id], lookedUpAt())
      return { outcome: values.length > 0 ? 'found' : 'none', changed }
    },
    failed: ({ object_id, num_id }) =>
      putLookup.run({
        num_id: num_id!,
        object_id,
        outcome: 'failed',
        newest_peildatum: null,
        looked_up_at: options.now,
      }),
  })
}
