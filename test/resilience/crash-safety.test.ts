import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import BetterSqlite3 from 'better-sqlite3'
import { beforeAll, describe, expect, it } from 'vitest'
import { ingestWith } from '../../src/cli/commands/ingest.js'
import { TEST_PAUSE_MARKER } from '../../src/ops/test-pause.js'
import { seededRandom } from '../../src/seeded-random.js'
import { openStore } from '../../src/store/database.js'
import { runCli } from '../helpers/cli.js'
import { testConfig } from '../helpers/sample-database.js'
import { SILENT_LOGGER } from '../helpers/silent-logger.js'
import { useTempDir } from '../helpers/temp-dir.js'
import { startWatchedCli } from './ingest-child.js'
import { type PublishedState, readPublishedState } from './published-state.js'
import { RESILIENCE_SEED } from './resilience-seed.js'

/**
 * Where a run is killed. `crawl` is a random delay after the run started; every other stage is a pause point: a
 * trigger on the table that stage writes calls `propdata_test_pause` (src/ops/test-pause.ts), so the run stops
 * inside that stage's transaction after a random number of rows, and is SIGKILLed there.
 */
type Stage =
  | 'crawl'
  | 'staging'
  | 'memos'
  | 'registers'
  | 'generation'
  | 'dedupe'
  | 'golden-records'
  | 'valuate'
  | 'counts'

const PAUSE_POINTS: Record<
  Exclude<Stage, 'crawl'>,
  { table: string; event: 'insert' | 'update' | 'write' }
> = {
  staging: { table: 'stage_observations', event: 'insert' },
  memos: { table: 'page_memos', event: 'insert' }, // what each parsed page gave, for the next run
  registers: { table: 'woz_lookups', event: 'insert' }, // the run's WOZ look-ups, committed before publish
  generation: { table: 'publication', event: 'update' }, // the first write of the publish transaction
  dedupe: { table: 'listings', event: 'insert' },
  'golden-records': { table: 'golden_records', event: 'write' }, // new records are inserted, changed ones updated
  valuate: { table: 'valuation_models', event: 'insert' },
  counts: { table: 'listing_counts', event: 'insert' }, // the last writes before the commit
}

/** 21 kills: every stage at least once, most twice, the golden-record writes and the crawl more often. */
const TRIALS: Stage[] = [
  ...Array<Stage>(3).fill('crawl'),
  ...Array<Stage>(2).fill('staging'),
  'memos',
  ...Array<Stage>(2).fill('registers'),
  ...Array<Stage>(2).fill('generation'),
  ...Array<Stage>(3).fill('dedupe'),
  ...Array<Stage>(4).fill('golden-records'),
  ...Array<Stage>(2).fill('valuate'),
  ...Array<Stage>(2).fill('counts'),
]
const CHAINS = 4

const random = seededRandom(RESILIENCE_SEED)
const shuffled = TRIALS.map((stage) => ({ stage, at: random(), order: random() })).sort(
  (a, b) => a.order - b.order,
)
/** Each chain kills several runs in a row on one database, then lets one finish. */
const chains = Array.from({ length: CHAINS }, (_, c) =>
  shuffled
    .filter((_, i) => i % CHAINS === c)
    // A kill after the WOZ look-ups leaves them done (they are committed as they go): look-ups come first.
    .sort((a, b) => Number(b.stage === 'registers') - Number(a.stage === 'registers')),
)

const dir = useTempDir('propdata-crash-')
const baseDb = join(dir, 'base.db')
/** The API paths compared before and after every kill. */
const probes: string[] = [
  '/v1/listings?page_size=100',
  '/v1/listings?type=rent&page=2',
  '/v1/listings?city=Delft',
]
/** How many rows each pause point's table gets in an uninterrupted run, so a pause always lands inside it. */
const rowsPerStage = {} as Record<Exclude<Stage, 'crawl'>, number>
/** Listings and golden records of an uninterrupted run from the same base: what every finishing run must produce. */
let reference: { listings: unknown[]; golden: unknown[] }
/** WOZ look-ups the base already holds; the rest are made by the first run that gets past the crawl. */
let baseLookups = 0

/** Listing ids and fallback dates depend on the order sources finish in, which varies run to run: left out. */
const LISTING_FIELDS =
  'type, status, bag_id, street, number, postcode, city, price, surface_area, source_name, source_url, sources_json'
const GOLDEN_FIELDS =
  'bag_id, num_id, street, number, postcode, city, year_built, energy_label, woz_value, woz_reference_date, surface_area, use_purpose, dwelling_type'

/** A consistent copy of a database file, WAL included. */
function copyDatabase(from: string, to: string): void {
  const sqlite = new BetterSqlite3(from)
  try {
    sqlite.exec(`vacuum into '${to.replaceAll("'", "''")}'`)
  } finally {
    sqlite.close()
  }
}

function count(db: BetterSqlite3.Database, table: string): number {
  return (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n
}

beforeAll(async () => {
  // The base: a published run of two small sources. The killed runs crawl all five, so every stage has work.
  const config = testConfig(dir, { dbPath: baseDb })
  const store = await openStore(baseDb)
  await ingestWith(config, store, { sample: true, sources: 'kamernet,feed' }, SILENT_LOGGER)
  const before = {
    listings: count(store.sqlite, 'listings'),
    woz: count(store.sqlite, 'woz_lookups'),
    memos: count(store.sqlite, 'page_memos'),
  }
  baseLookups = before.woz
  const golden = store.sqlite
    .prepare('select bag_id from golden_records where bag_id in (select bag_id from listings) limit 3')
    .all() as { bag_id: string }[]
  probes.push(...golden.map((g) => `/v1/properties/${g.bag_id}`))
  await store.close()

  const refDb = join(dir, 'reference.db')
  copyDatabase(baseDb, refDb)
  const ref = await openStore(refDb)
  const report = await ingestWith(testConfig(dir, { dbPath: refDb }), ref, { sample: true }, SILENT_LOGGER)
  Object.assign(rowsPerStage, {
    staging: report.sources.reduce((n, s) => n + s.listings, 0),
    memos: count(ref.sqlite, 'page_memos') - before.memos,
    registers: count(ref.sqlite, 'woz_lookups') - before.woz,
    generation: 1,
    dedupe: count(ref.sqlite, 'listings') - before.listings,
    'golden-records': report.goldenRecords?.written ?? 0,
    valuate: count(ref.sqlite, 'valuation_models'),
    counts: count(ref.sqlite, 'listing_counts'),
  })
  reference = {
    listings: ref.sqlite.prepare(`select ${LISTING_FIELDS} from listings order by source_url, type`).all(),
    golden: ref.sqlite.prepare(`select ${GOLDEN_FIELDS} from golden_records order by bag_id`).all(),
  }
  await ref.close()
  for (const [stage, rows] of Object.entries(rowsPerStage)) expect(rows, stage).toBeGreaterThan(0)
}, 120_000)

function countIn(db: string, table: string): number {
  const sqlite = new BetterSqlite3(db, { readonly: true })
  try {
    return count(sqlite, table)
  } finally {
    sqlite.close()
  }
}

/** Puts (or removes) the trigger that pauses the next run in `stage` at row `n`. */
function setPausePoint(db: string, pause: { stage: Exclude<Stage, 'crawl'>; n: number } | null) {
  const sqlite = new BetterSqlite3(db)
  try {
    for (const { name } of sqlite
      .prepare("select name from sqlite_master where type = 'trigger' and name like 'test_pause_%'")
      .all() as { name: string }[])
      sqlite.exec(`drop trigger ${name}`)
    if (!pause) return
    const { table, event } = PAUSE_POINTS[pause.stage]
    // Both triggers of a 'write' count towards the same n: the pause function counts calls per stage.
    for (const each of event === 'write' ? ['insert', 'update'] : [event])
      sqlite.exec(
        `create trigger test_pause_${table}_${each} before ${each} on ${table}
         begin select propdata_test_pause('${pause.stage}', ${pause.n}); end`,
      )
  } finally {
    sqlite.close()
  }
}

/** True when another connection holds the write lock, i.e. the paused run is inside a write transaction. */
function writeLockHeld(db: string): boolean {
  const sqlite = new BetterSqlite3(db, { timeout: 0 })
  try {
    sqlite.exec('begin immediate')
    sqlite.exec('rollback')
    return false
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true
    throw error
  } finally {
    sqlite.close()
  }
}

function readRuns(db: string) {
  const sqlite = new BetterSqlite3(db, { readonly: true })
  try {
    return {
      runs: sqlite.prepare('select id, status from runs order by id').all() as {
        id: number
        status: string
      }[],
      lockPid: (sqlite.prepare('select pid from run_lock').get() as { pid: number } | undefined)?.pid ?? null,
      // Staged rows, and memos of no run that published their source (a dead run's): recall drops them.
      staged:
        count(sqlite, 'stage_observations') +
        (
          sqlite
            .prepare(
              `select count(*) as n from page_memos m where not exists
                 (select 1 from page_memo_publications p where p.run_id = m.run_id and p.source_id = m.source_id)`,
            )
            .get() as { n: number }
        ).n,
    }
  } finally {
    sqlite.close()
  }
}

describe.concurrent(`a run killed with SIGKILL (seed ${RESILIENCE_SEED}; RESILIENCE_SEED replays it)`, () => {
  for (const [c, chain] of chains.entries()) {
    const title = chain.map((t) => t.stage).join(', ')
    it(`chain ${c + 1} (${title}): each kill leaves the last published data intact; the next run takes over and publishes`, async () => {
      const root = join(dir, `chain-${c + 1}`)
      mkdirSync(root)
      const db = join(root, 'propdata.db')
      copyDatabase(baseDb, db)
      const snapshot: PublishedState = await readPublishedState(db, probes)
      expect(snapshot.integrity).toBe('ok')
      const killed: { runId: number; pid: number }[] = []

      for (const trial of chain) {
        const where = `${trial.stage} at ${trial.at.toFixed(3)}`
        const rows =
          trial.stage === 'registers'
            ? rowsPerStage.registers - (countIn(db, 'woz_lookups') - baseLookups)
            : trial.stage === 'crawl'
              ? 0
              : rowsPerStage[trial.stage]
        const pause =
          trial.stage === 'crawl' ? null : { stage: trial.stage, n: 1 + Math.floor(trial.at * rows) }
        setPausePoint(db, pause)
        const run = startWatchedCli(['ingest', '--sample', '--db', db], {
          PROPDATA_DATA_DIR: root,
          PROPDATA_TEST_PAUSE: '1',
        })
        try {
          const started = await run.waitFor(/Run (\d+) started/)
          // By now the run holds the lock, taken over from the run killed before it, which it marked crashed.
          const previous = killed.at(-1)
          if (previous) {
            expect(run.output(), where).toContain(`Took over a stale run lock from pid ${previous.pid} `)
            expect(run.output(), where).toMatch(new RegExp(`Earlier run\\(s\\) ${previous.runId} died`))
          }
          const state = readRuns(db)
          expect(state.lockPid, where).toBe(run.pid)
          for (const k of killed)
            expect(state.runs.find((r) => r.id === k.runId)?.status, where).toBe('crashed')
          killed.push({ runId: Number(started[1]), pid: run.pid })

          if (pause) {
            await run.waitFor(new RegExp(`${TEST_PAUSE_MARKER} ${pause.stage} ${pause.n}\\b`))
            expect(writeLockHeld(db), `${where}: paused inside a write transaction`).toBe(true)
            // Mid-transaction, readers still get the previous publication.
            expect(await readPublishedState(db, probes), where).toEqual(snapshot)
          } else {
            await sleep(20 + trial.at * 600)
          }
        } finally {
          await run.kill()
        }
        setPausePoint(db, null)
        expect(await readPublishedState(db, probes), `after a kill in ${where}`).toEqual(snapshot)
      }

      // The next run without a pause point: takes the stale lock, marks the last dead run crashed, publishes.
      const next = await runCli(['ingest', '--sample', '--db', db, '--json'], { PROPDATA_DATA_DIR: root })
      expect([0, 3], next.stderr).toContain(next.code)
      const last = killed.at(-1)!
      expect(next.stderr).toContain(`Took over a stale run lock from pid ${last.pid} `)
      expect(next.stderr).toMatch(new RegExp(`Earlier run\\(s\\) ${last.runId} died`))
      const report = JSON.parse(next.stdout) as { runId: number; generation: number | null }
      expect(report.generation).toBe(snapshot.generation + 1)
      const after = readRuns(db)
      expect(after.runs.filter((r) => killed.some((k) => k.runId === r.id)).map((r) => r.status)).toEqual(
        killed.map(() => 'crashed'),
      )
      expect(after.runs.find((r) => r.id === report.runId)?.status).toMatch(/^(succeeded|partial)$/)
      expect(after.lockPid).toBeNull()
      expect(after.staged).toBe(0)
      // It published exactly what an uninterrupted run publishes: nothing the dead runs left behind leaked in.
      const final = await readPublishedState(db, [])
      expect(final.integrity).toBe('ok')
      const sqlite = new BetterSqlite3(db, { readonly: true })
      try {
        expect(
          sqlite.prepare(`select ${LISTING_FIELDS} from listings order by source_url, type`).all(),
        ).toEqual(reference.listings)
        expect(sqlite.prepare(`select ${GOLDEN_FIELDS} from golden_records order by bag_id`).all()).toEqual(
          reference.golden,
        )
      } finally {
        sqlite.close()
      }
    }, 300_000)
  }
})
