import { cpus, loadavg } from 'node:os'
import { type Bench, formatTable } from './support/bench.js'

/**
 * Every bench, run in this order. Adding one is one line: `['name', () => import('./name.bench.js')]`.
 * The name is what `npm run bench -- <name…>` selects by.
 */
const BENCHES: readonly (readonly [string, () => Promise<{ default: Bench }>])[] = [
  ['parse-throughput', () => import('./parse-throughput.bench.js')],
  ['fetch-overhead', () => import('./fetch-overhead.bench.js')],
  ['normalise', () => import('./normalise.bench.js')],
  ['resolve-accuracy', () => import('./resolve-accuracy.bench.js')],
  ['pipeline', () => import('./pipeline-scale.bench.js')],
  ['api', () => import('./api-throughput.bench.js')],
  ['crawl', () => import('./crawl.bench.js')],
  ['wws', () => import('./wws.bench.js')],
  ['export', () => import('./export.bench.js')],
  ['replicate', () => import('./replicate.bench.js')],
  ['status-page', () => import('./status-page.bench.js')],
]

const USAGE = `npm run bench -- [name…] [--quick] [--nights=N] [--offers=N] [--rounds=N] [--json]
  name        run only these (${BENCHES.map(([n]) => n).join(', ')}); default all
  --quick     fewer rounds: checks the benches work, measures little
  --nights=N  nights in a row (crawl, status-page)
  --offers=N  offers on the simulated market (crawl); homes on it (status-page)
  --rounds=N  rounds of each measurement (export; default 3, 1 with --quick)
  --json      print the tables as JSON instead of text`

/** The value of `--name=N` as a positive whole number, or undefined when absent. */
function countOption(argv: readonly string[], name: string): number | undefined {
  const value = argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
  if (value === undefined) return undefined
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} takes a whole number above 0, not ${value}`)
  return n
}

async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help')) {
    console.log(USAGE)
    return 0
  }
  const names = argv.filter((a) => !a.startsWith('--'))
  const unknown = names.filter((n) => !BENCHES.some(([name]) => name === n))
  if (unknown.length > 0) {
    console.error(`Unknown bench ${unknown.join(', ')}\n${USAGE}`)
    return 2
  }
  const options = {
    quick: argv.includes('--quick'),
    nights: countOption(argv, 'nights'),
    offers: countOption(argv, 'offers'),
    rounds: countOption(argv, 'rounds'),
  }
  const json = argv.includes('--json')
  const results = []
  const cores = cpus()
  const machine = `node ${process.version}, ${cores.length}× ${cores[0]?.model.trim() ?? 'cpu'}, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`
  if (!json) console.log(machine)
  for (const [name, load] of BENCHES) {
    if (names.length > 0 && !names.includes(name)) continue
    const bench = (await load()).default
    if (!json) console.log(`\n== ${bench.name}: ${bench.description}\n`)
    const started = performance.now()
    const tables = await bench.run(options)
    const seconds = (performance.now() - started) / 1000
    if (json) results.push({ bench: bench.name, seconds, tables })
    else console.log(`${tables.map(formatTable).join('\n\n')}\n  (${seconds.toFixed(1)} s)`)
  }
  if (json) console.log(JSON.stringify({ machine, results }, null, 2))
  return 0
}

process.exitCode = await main(process.argv.slice(2))
