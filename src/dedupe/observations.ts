import { sql } from 'kysely'
import type { Store } from '../store/database.js'
import { param, prepareQuery } from '../store/prepared.js'
import type { ObservationRow, StageObservationTable } from '../store/schema.js'

/** What publishing one source's staged rows changed. */
export interface ObservationChanges {
  new: number
  updated: number
  withdrawn: number
  /** Observations whose identity or published fields may have changed: their listings must be rebuilt. */
  readonly touched: Set<number>
  /** Listings that lost or regained a member. */
  readonly affectedListings: Set<number>
}

type StagedRow = StageObservationTable & { rowid: number }
type ExistingRow = Pick<ObservationRow, 'id' | 'content_hash' | 'price' | 'listing_id' | 'status'>

/** The statements the lifecycle needs, prepared once per publish. */
export function prepareObservationStatements(store: Store) {
  const { db, sqlite } = store
  const copied = [
    'url',
    'type',
    'price',
    'price_on_request',
    'surface_area',
    'rooms',
    'energy_label',
    'year_built',
    'dwelling_type',
    'street',
    'house_number',
    'postcode',
    'city',
    'city_key',
    'listed_at',
    'address_key',
    'bag_vbo_id',
    'bag_num_id',
    'resolution',
    'content_hash',
  ] as const
  const fromStage = Object.fromEntries(copied.map((c) => [c, param(c)]))
  return {
    stagedBatch: sqlite.prepare<
      [{ run_id: number; source_id: string; after: number; limit: number }],
      StagedRow
    >(
      'select rowid, * from stage_observations where run_id = @run_id and source_id = @source_id and rowid > @after order by rowid limit @limit',
    ),
    find: prepareQuery<{ source_id: string; source_listing_id: string }, ExistingRow>(
      sqlite,
      db
        .selectFrom('observations')
        .select(['id', 'content_hash', 'price', 'listing_id', 'status'])
        .where('source_id', '=', param('source_id'))
        .where('source_listing_id', '=', param('source_listing_id')),
    ),
    insert: prepareQuery<Record<string, unknown>, { id: number }>(
      sqlite,
      db
        .insertInto('observations')
        .values({
          ...fromStage,
          source_id: param('source_id'),
          source_listing_id: param('source_listing_id'),
          first_seen: param('now'),
          last_seen: param('now'),
          last_run_id: param('run_id'),
          missing_runs: sql.lit(0),
          status: sql.lit('active'),
        } as never)
        .returning('id'),
    ),
    update: prepareQuery<Record<string, unknown>>(
      sqlite,
      db
        .updateTable('observations')
        .set({
          ...fromStage,
          last_seen: param('now'),
          last_run_id: param('run_id'),
          missing_runs: sql.lit(0),
          status: sql.lit('active'),
        } as never)
        .where('id', '=', param('id')),
    ),
    seen: prepareQuery<{ id: number; now: string; run_id: number }>(
      sqlite,
      db
        .updateTable('observations')
        .set({
          last_seen: param('now'),
          last_run_id: param('run_id'),
          missing_runs: sql.lit(0),
          status: sql.lit('active'),
        })
        .where('id', '=', param('id')),
    ),
    priceHistory: prepareQuery<{
      observation_id: number
      observed_at: string
      price: number | null
      run_id: number
    }>(
      sqlite,
      db
        .insertInto('price_history')
        .values({
          observation_id: param('observation_id'),
          observed_at: param('observed_at'),
          price: param('price'),
          run_id: param('run_id'),
        })
        .onConflict((oc) => oc.doNothing()),
    ),
    countMissing: prepareQuery<{ source_id: string; run_id: number }>(
      sqlite,
      db
        .updateTable('observations')
        .set((eb) => ({ missing_runs: eb('missing_runs', '+', sql.lit(1)) }))
        .where('source_id', '=', param('source_id'))
        .where('status', '=', sql.lit('active'))
        .where('last_run_id', '<>', param('run_id')),
    ),
    withdraw: prepareQuery<
      { source_id: string; threshold: number },
      { id: number; listing_id: number | null }
    >(
      sqlite,
      db
        .updateTable('observations')
        .set({ status: sql.lit('withdrawn') })
        .where('source_id', '=', param('source_id'))
        .where('status', '=', sql.lit('active'))
        .where('missing_runs', '>=', param('threshold'))
        .returning(['id', 'listing_id']),
    ),
  }
}

type ObservationStatements = ReturnType<typeof prepareObservationStatements>

/**
 * Moves one source's staged rows into `observations`: new ones are inserted, changed ones updated (a price change
 * adds a price-history row), unchanged ones only get their last-seen time. A returning listing is reactivated.
 */
export function applyStagedObservations(
  statements: ObservationStatements,
  runId: number,
  sourceId: string,
  now: string,
  changes: ObservationChanges,
): void {
  let after = 0
  for (;;) {
    const batch = statements.stagedBatch.all({ run_id: runId, source_id: sourceId, after, limit: 2_000 })
    if (batch.length === 0) return
    after = batch[batch.length - 1]!.rowid
    for (const staged of batch) {
      const { rowid: _rowid, run_id: _run, ...row } = staged
      const existing = statements.find.get({ source_id: sourceId, source_listing_id: row.source_listing_id })
      if (!existing) {
        const { id } = statements.insert.get({ ...row, now, run_id: runId })!
        statements.priceHistory.run({ observation_id: id, observed_at: now, price: row.price, run_id: runId })
        changes.new += 1
        changes.touched.add(id)
      } else if (existing.content_hash !== row.content_hash) {
        statements.update.run({ ...row, id: existing.id, now, run_id: runId })
        if (existing.price !== row.price) {
          statements.priceHistory.run({
            observation_id: existing.id,
            observed_at: now,
            price: row.price,
            run_id: runId,
          })
        }
        changes.updated += 1
        changes.touched.add(existing.id)
      } else {
        statements.seen.run({ id: existing.id, now, run_id: runId })
        if (existing.status !== 'active') changes.touched.add(existing.id)
      }
    }
  }
}

/**
 * After a source completed successfully, its listings not seen in this run count one more missed run; at
 * `threshold` missed runs they are withdrawn. Never called for a source that failed or was blocked.
 */
export function applyWithdrawals(
  statements: ObservationStatements,
  runId: number,
  sourceId: string,
  threshold: number,
  changes: ObservationChanges,
): void {
  statements.countMissing.run({ source_id: sourceId, run_id: runId })
  for (const row of statements.withdraw.all({ source_id: sourceId, threshold })) {
    changes.withdrawn += 1
    if (row.listing_id !== null) changes.affectedListings.add(row.listing_id)
  }
}
