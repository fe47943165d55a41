/** One table a bench prints: a title, rows of named cells, and notes under it. */
export interface BenchTable {
  readonly title: string
  readonly rows: readonly Readonly<Record<string, string | number>>[]
  readonly notes?: readonly string[]
}

/** Settings every bench receives from the runner. */
export interface BenchOptions {
  /** Fewer rounds and requests: a smoke test of the bench, not a measurement. */
  readonly quick: boolean
  /** `--nights=N`: nights in a row, for the benches that run nights. */
  readonly nights?: number
  /** `--offers=N`: the size of a simulated market, for the benches that crawl one. */
  readonly offers?: number
  /** `--rounds=N`: rounds of each measurement, for the benches that repeat them (export). */
  readonly rounds?: number
}

/** A benchmark `bench/index.ts` can run: measures something and returns tables, printing nothing itself. */
export interface Bench {
  readonly name: string
  /** One line: what is measured, against which baseline. */
  readonly description: string
  run(options: BenchOptions): Promise<readonly BenchTable[]>
}

/** Typed identity helper for a bench file's default export. */
export const defineBench = (bench: Bench): Bench => bench

/** The median of `values` (0 for none). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return 0
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/**
 * Runs every variant once per round, interleaved (A B C, A B C, …), so drift in machine load (two cores shared
 * with other work) spreads over all of them instead of favouring whichever ran first. Returns each variant's
 * results, one per round, after one unrecorded warm-up round.
 */
export async function interleave<K extends string, R>(
  rounds: number,
  variants: Readonly<Record<K, () => Promise<R>>>,
): Promise<Record<K, R[]>> {
  const names = Object.keys(variants) as K[]
  const results = Object.fromEntries(names.map((n) => [n, [] as R[]])) as Record<K, R[]>
  for (let round = -1; round < rounds; round++) {
    for (const name of names) {
      const result = await variants[name]()
      if (round >= 0) results[name].push(result)
    }
  }
  return results
}

/** A fixed-width text table with right-aligned numbers. */
export function formatTable(table: BenchTable): string {
  const columns = [...new Set(table.rows.flatMap((row) => Object.keys(row)))]
  // A column of counts prints whole numbers; a column of ratios prints 1 as "1.00", like the 1.07 beside it.
  const counts = new Set(
    columns.filter((c) => table.rows.every((r) => typeof r[c] !== 'number' || Number.isInteger(r[c]))),
  )
  const cell = (r: BenchTable['rows'][number], c: string) => {
    const v = r[c]
    return v === undefined ? '' : typeof v === 'number' ? formatNumber(v, counts.has(c)) : v
  }
  const widths = columns.map((c) => Math.max(c.length, ...table.rows.map((r) => cell(r, c).length)))
  const line = (cells: string[], numeric: boolean[]) =>
    cells.map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ')
  const numeric = columns.map((c) => table.rows.every((r) => typeof r[c] !== 'string'))
  const out = [
    table.title,
    line(columns, numeric),
    line(
      widths.map((w) => '-'.repeat(w)),
      numeric,
    ),
    ...table.rows.map((r) =>
      line(
        columns.map((c) => cell(r, c)),
        numeric,
      ),
    ),
    ...(table.notes ?? []).map((n) => `  ${n}`),
  ]
  return out.join('\n')
}

function formatNumber(value: number, count: boolean): string {
  if (!Number.isFinite(value)) return String(value)
  const abs = Math.abs(value)
  const digits = count || abs >= 100 ? 0 : abs >= 10 ? 1 : 2
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
}
