import type { Insertable } from 'kysely'
import type { Store } from './database.js'
import type { RunRow, RunSourceRow, RunSourceTable, RunTable } from './schema.js'

/** Starts a run: a row with status `running`, committed at once so a crash leaves a trace. */
export async function createRun(
  store: Store,
  run: Pick<RunTable, 'kind' | 'mode' | 'sources'> & { startedAt: string },
): Promise<number> {
  const row = await store.db
    .insertInto('runs')
    .values({
      kind: run.kind,
      mode: run.mode,
      sources: run.sources,
      started_at: run.startedAt,
      status: 'running',
      pid: process.pid,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Records what one source did in a run. */
export async function recordRunSource(store: Store, row: Insertable<RunSourceTable>): Promise<void> {
  await store.db
    .insertInto('run_sources')
    .values(row)
    .onConflict((oc) => oc.columns(['run_id', 'source_id']).doUpdateSet(row))
    .execute()
}

/** Closes a run with its outcome and report. */
export async function finishRun(
  store: Store,
  id: number,
  outcome: { status: RunTable['status']; exitCode: number; report: unknown; finishedAt: string },
): Promise<void> {
  await store.db
    .updateTable('runs')
    .set({
      status: outcome.status,
      exit_code: outcome.exitCode,
      finished_at: outcome.finishedAt,
      report_json: JSON.stringify(outcome.report),
    })
    .where('id', '=', id)
    .execute()
}

/** Adds a member to a finished run's stored report: what happened after the report was written (its export). */
export function addToRunReport(store: Store, id: number, member: string, value: unknown): void {
  store.sqlite
    .prepare("update runs set report_json = json_set(report_json, '$.' || ?, json(?)) where id = ?")
    .run(member, JSON.stringify(value), id)
}

/**
 * Marks a running run `stopped` at once, when a stop is asked for (SIGINT, SIGTERM, the deadline): what is left of
 * the run only publishes what finished, and a second signal may end the process before it writes its report. The
 * report stays null until {@link finishRun} writes it, with the run's final status. Synchronous, so a signal handler
 * can call it and the row is written before anything else runs.
 */
export function markRunStopped(store: Store, id: number): void {
  store.sqlite
    .prepare(
      "update runs set status = 'stopped', exit_code = 3, finished_at = ? where id = ? and status = 'running'",
    )
    .run(new Date().toISOString(), id)
}

/**
 * Runs `work` as a recorded run that is not an ingest (an import, a retirement): a row in `runs` while it works,
 * `succeeded` with the report `work` returns, or `failed` with the error's message, which is then rethrown.
 */
export async function recordRun<R>(
  store: Store,
  run: Pick<RunTable, 'kind' | 'mode' | 'sources'>,
  work: (runId: number, startedAt: string) => Promise<{ result: R; report: unknown }>,
): Promise<R> {
  const startedAt = new Date().toISOString()
  const runId = await createRun(store, { ...run, startedAt })
  try {
    const { result, report } = await work(runId, startedAt)
    await finishRun(store, runId, {
      status: 'succeeded',
      exitCode: 0,
      report,
      finishedAt: new Date().toISOString(),
    })
    return result
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    await finishRun(store, runId, {
      status: 'failed',
      exitCode: 1,
      report: { error: message },
      finishedAt: new Date().toISOString(),
    })
    throw error
  }
}

/** Marks runs still `running` whose process is gone as `crashed`; returns their ids. */
export async function markCrashedRuns(store: Store, isAlive: (pid: number) => boolean): Promise<number[]> {
  const running = await store.db
    .selectFrom('runs')
    .select(['id', 'pid'])
    .where('status', '=', 'running')
    .execute()
  const dead = running.filter((r) => r.pid === null || !isAlive(r.pid)).map((r) => r.id)
  if (dead.length > 0) {
    await store.db
      .updateTable('runs')
      .set({ status: 'crashed', finished_at: new Date().toISOString(), exit_code: 1 })
      .where('id', 'in', dead)
      .execute()
  }
  return dead
}

/** The most recent runs, newest first. */
export async function listRuns(store: Store, limit = 20): Promise<RunRow[]> {
  return store.db.selectFrom('runs').selectAll().orderBy('id', 'desc').limit(limit).execute()
}

/** One run with its per-source rows. */
export async function getRun(
  store: Store,
  id: number,
): Promise<{ run: RunRow; sources: RunSourceRow[] } | null> {
  const run = await store.db.selectFrom('runs').selectAll().where('id', '=', id).executeTakeFirst()
  if (!run) return null
  const sources = await store.db
    .selectFrom('run_sources')
    .selectAll()
    .where('run_id', '=', id)
    .orderBy('source_id')
    .execute()
  return { run, sources }
}

/** A source's most recent run row (with its run's start), and when it last succeeded. */
export interface SourceRunHistory {
  readonly last: RunSourceRow & { started_at: string }
  lastSuccessAt: string | null
}

/** Per source: its most recent run row, and when it last succeeded. */
export async function lastRunPerSource(store: Store): Promise<Map<string, SourceRunHistory>> {
  const rows = await store.db
    .selectFrom('run_sources')
    .innerJoin('runs', 'runs.id', 'run_sources.run_id')
    .selectAll('run_sources')
    .select('runs.started_at')
    .orderBy('run_sources.run_id', 'desc')
    .execute()
  const out = new Map<string, SourceRunHistory>()
  for (const row of rows) {
    const entry = out.get(row.source_id)
    if (!entry)
      out.set(row.source_id, { last: row, lastSuccessAt: row.status === 'ok' ? row.started_at : null })
    else if (!entry.lastSuccessAt && row.status === 'ok') entry.lastSuccessAt = row.started_at
  }
  return out
}

/** Per source, the listing counts of its last `runs` baseline runs (`run_sources.baseline`), newest first. */
export async function recentBaselineCounts(
  store: Store,
  sourceIds: readonly string[],
  runs: number,
): Promise<Map<string, number[]>> {
  const counts = new Map<string, number[]>()
  for (const id of sourceIds) {
    const rows = await store.db
      .selectFrom('run_sources')
      .select('listings')
      .where('source_id', '=', id)
      .where('baseline', '=', 1)
      .orderBy('run_id', 'desc')
      .limit(runs)
      .execute()
    counts.set(
      id,
      rows.map((r) => r.listings),
    )
  }
  return counts
}

/** Per source, the stored fill rates (`run_sources.fill_rates_json`) of its last `runs` runs that have them, newest first. */
export async function recentFillRates(
  store: Store,
  sourceIds: readonly string[],
  runs: number,
): Promise<Map<string, string[]>> {
  const rates = new Map<string, string[]>()
  for (const id of sourceIds) {
    const rows = await store.db
      .selectFrom('run_sources')
      .select('fill_rates_json')
      .where('source_id', '=', id)
      .where('fill_rates_json', 'is not', null)
      .orderBy('run_id', 'desc')
      .limit(runs)
      .execute()
    rates.set(
      id,
      rows.flatMap((r) => (r.fill_rates_json === null ? [] : [r.fill_rates_json])),
    )
  }
  return rates
}

/** Writes rejected rows of a run. */
export async function insertRejects(
  store: Store,
  rows: readonly { runId: number; sourceId: string; url: string | null; reason: string; payload: unknown }[],
): Promise<void> {
  if (rows.length === 0) return
  const now = new Date().toISOString()
  for (let i = 0; i < rows.length; i += 500) {
    await store.db
      .insertInto('rejects')
      .values(
        rows.slice(i, i + 500).map((r) => ({
          run_id: r.runId,
          source_id: r.sourceId,
          url: r.url,
          reason: r.reason,
          payload: JSON.stringify(r.payload)?.slice(0, 20_000) ?? null,
          created_at: now,
        })),
      )
      .execute()
  }
}

/** What a database holds, as its runs say: the bundled sample, live data (crawled, replayed or imported), or both. */
export interface DatabaseContent {
  readonly sample: boolean
  readonly live: boolean
}

/**
 * What a database holds, read from its run history: a sample run or a sample import loaded the sample's generated
 * BAG extract, labels and WOZ values; a live or replayed ingest, or an import of a real register file, loaded real
 * data. The history is kept for good, so a database remembers what it was filled with.
 */
export function readDatabaseContent(store: Store): DatabaseContent {
  const row = store.sqlite
    .prepare(
      `select exists(select 1 from runs where mode = 'sample') as sample,
              exists(select 1 from runs where (kind = 'ingest' and mode in ('live', 'replay'))
                                          or (kind in ('import-bag', 'import-energy-labels') and mode = 'file')) as live`,
    )
    .get() as { sample: number; live: number }
  return { sample: row.sample === 1, live: row.live === 1 }
}
