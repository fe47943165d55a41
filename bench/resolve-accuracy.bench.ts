/**
 * Resolution precision and recall on the labelled set (`data/labelled/`: 5,094 real Amsterdam 2021 and Utrecht 2016
 * addresses as printed, a BAG 2.0 extract holding their objects and the neighbours behind the same door).
 * Standalone: `node --import tsx bench/resolve-accuracy.bench.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { measureResolution } from '../scripts/labelled/measure-resolution.js'
import { openStore } from '../src/store/database.js'

/** Prints one line per slice: n, resolved, wrong, precision, recall. */
export async function runResolveAccuracyBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'propdata-labelled-'))
  try {
    const store = await openStore(join(dir, 'labelled.db'))
    const started = performance.now()
    const scores = await measureResolution(store)
    const ms = performance.now() - started
    await store.close()
    process.stdout.write('\nresolution accuracy (labelled set)\n')
    process.stdout.write(
      `${'slice'.padEnd(22)}${'n'.padStart(7)}${'resolved'.padStart(10)}${'wrong'.padStart(7)}${'precision'.padStart(11)}${'recall'.padStart(9)}\n`,
    )
    for (const [slice, s] of Object.entries(scores)) {
      process.stdout.write(
        `${slice.padEnd(22)}${String(s.n).padStart(7)}${String(s.resolved).padStart(10)}${String(s.wrong).padStart(7)}${(s.precision * 100).toFixed(2).padStart(10)}%${(s.recall * 100).toFixed(1).padStart(8)}%\n`,
      )
    }
    process.stdout.write(
      `(import + resolve of ${scores.all?.n ?? 0} addresses: ${(ms / 1000).toFixed(1)} s)\n`,
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runResolveAccuracyBench()
