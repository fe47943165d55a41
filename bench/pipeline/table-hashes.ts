import { createHash } from 'node:crypto'
import Database from 'better-sqlite3'

/**
 * Row counts and digests of every table of a pipeline database, to show that a change left what a run writes as it
 * was, row for row. Run it on the database the pipeline bench leaves (`run-bench.db`) before and after a change:
 *
 *   node --import tsx bench/pipeline/table-hashes.ts BEFORE.db [AFTER.db]
 *
 * With two databases it prints both side by side and exits 1 when a table differs.
 *
 * What two runs of the same code on the same data still write differently is left out of the digests:
 * - {@link SKIPPED_COLUMNS}, each with its reason;
 * - in `runs.report_json`, every key ending in `Ms` (durations and step timings), and the order of each source's
 *   `completedSearches` (the order its searches happened to finish in; they are compared sorted);
 * - every ISO date-time with a time of day, in any column or inside JSON: a run's own start or finish (the time
 *   stamped on what the run saw, published or fitted) becomes `run N start`/`run N finish`, so that a row stamped
 *   with another run than before still differs; any other clock reading becomes `<clock>`.
 */

/** Columns whose values are clock readings of their own or process facts, by table, with why they are left out. */
export const SKIPPED_COLUMNS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  runs: { pid: 'the process id of the run' },
  golden_records: {
    input_hash:
      "a digest of the record's inputs, which include the run's start time; provenance_json holds them",
  },
  valuations: { record_hash: "a copy of the golden record's input_hash" },
  run_sources: { duration_ms: "how long the source's crawl took" },
  run_lock: { pid: 'the process id holding the lock', process_start: 'when that process started' },
}

/** One table's figures. */
export interface TableHash {
  readonly table: string
  readonly rows: number
  /** sha256 (hex) over the rows in primary-key order, after the masking above. */
  readonly sha256: string
}

const DATE_TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)?/g

/**
 * A run report as two runs of the same code write it alike: without any key ending in `Ms` (durations differ from run
 * to run), and with `completedSearches` sorted (searches finish in the order their responses happen to come).
 */
function comparableReport(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) {
    const items = value.map((v) => comparableReport(v))
    if (key !== 'completedSearches') return items
    return items
      .map((v) => JSON.stringify(v))
      .sort()
      .map((v) => JSON.parse(v) as unknown)
  }
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !k.endsWith('Ms'))
      .map(([k, v]) => [k, comparableReport(v, k)]),
  )
}

/** Every table's row count and digest, in table-name order. */
export function tableHashes(path: string): TableHash[] {
  const sqlite = new Database(path, { readonly: true, fileMustExist: true })
  try {
    const runTimes = new Map<string, string>()
    const hasRuns = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = 'runs'").get()
    if (hasRuns)
      for (const run of sqlite.prepare('select id, started_at, finished_at from runs').all() as {
        id: number
        started_at: string
        finished_at: string | null
      }[]) {
        runTimes.set(run.started_at, `run ${run.id} start`)
        if (run.finished_at) runTimes.set(run.finished_at, `run ${run.id} finish`)
      }
    const mask = (text: string) => text.replace(DATE_TIME, (t) => runTimes.get(t) ?? '<clock>')
    const tables = sqlite
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
      )
      .pluck()
      .all() as string[]
    return tables.map((table) => {
      const info = sqlite.prepare(`pragma table_info("${table}")`).all() as { name: string; pk: number }[]
      const skipped = SKIPPED_COLUMNS[table] ?? {}
      const kept = info.filter((c) => !(c.name in skipped)).map((c) => c.name)
      const key = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk)
      // A table without a primary key is ordered by every column it keeps.
      const order = (key.length > 0 ? key.map((c) => c.name) : kept).map((c) => `"${c}"`).join(', ')
      const columns = kept.map((c) => `"${c}"`).join(', ')
      const digest = createHash('sha256')
      let rows = 0
      for (const row of sqlite
        .prepare(`select ${columns} from "${table}" order by ${order}`)
        .raw()
        .iterate() as Iterable<unknown[]>) {
        const values = row.map((value, i) => {
          if (typeof value !== 'string') return value
          if (table === 'runs' && kept[i] === 'report_json')
            return mask(JSON.stringify(comparableReport(JSON.parse(value))))
          return mask(value)
        })
        digest.update(`${JSON.stringify(values, (_k, v) => (typeof v === 'bigint' ? String(v) : v))}\n`)
        rows += 1
      }
      return { table, rows, sha256: digest.digest('hex') }
    })
  } finally {
    sqlite.close()
  }
}

function main(argv: readonly string[]): number {
  if (argv.length < 1 || argv.length > 2 || argv.includes('--help')) {
    console.error('usage: node --import tsx bench/pipeline/table-hashes.ts BEFORE.db [AFTER.db]')
    return 2
  }
  const [before, after] = argv.map(tableHashes)
  const skipped = Object.entries(SKIPPED_COLUMNS).flatMap(([table, columns]) =>
    Object.entries(columns).map(([column, why]) => `${table}.${column} (${why})`),
  )
  console.log(
    `left out: ${skipped.join('; ')}; runs.report_json keys ending in Ms (durations); completedSearches compared sorted`,
  )
  console.log('date-times: a run\'s start/finish as "run N start/finish", any other as <clock>\n')
  if (!after) {
    for (const t of before!) console.log(`${t.table.padEnd(28)} ${String(t.rows).padStart(9)}  ${t.sha256}`)
    return 0
  }
  const names = [...new Set([...before!, ...after].map((t) => t.table))].sort()
  let differ = 0
  for (const name of names) {
    const a = before!.find((t) => t.table === name)
    const b = after.find((t) => t.table === name)
    const same = a !== undefined && b !== undefined && a.rows === b.rows && a.sha256 === b.sha256
    if (!same) differ += 1
    const cell = (t: TableHash | undefined) =>
      t ? `${String(t.rows).padStart(9)} ${t.sha256.slice(0, 16)}` : '(none)'.padStart(26)
    console.log(`${name.padEnd(28)} ${cell(a)}  ${cell(b)}  ${same ? 'same' : 'DIFFERS'}`)
  }
  console.log(
    differ === 0
      ? `\nevery table the same (${names.length})`
      : `\n${differ} of ${names.length} tables differ`,
  )
  return differ === 0 ? 0 : 1
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv.slice(2))
