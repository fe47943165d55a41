import { existsSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { generateNational } from '../testkit/generate-national.js'
import { dedupeAgainstTruth } from './pipeline/dedupe-truth.js'
import { runMeasured } from './pipeline/measured-child.js'
import { defineBench, median } from './support/bench.js'
import { machineReferenceMs } from './support/machine-reference.js'
import { NATIONAL, NATIONAL_QUICK, nationalDir } from './support/national.js'

interface Report {
  status: string
  durationMs: number
  sources: { source: string; pages: number; pagesUnchanged: number; listings: number }[]
  timings: Record<string, number>
  goldenRecords: { written: number; unchanged: number; removed: number } | null
  generation: number | null
  valuations?: { valued: number; models: Record<string, { model: string }> | null } | null
}

const CPU_STAGES = ['normaliseMs', 'resolveMs', 'dedupeMs', 'mergeMs', 'valuateMs', 'publishMs'] as const

/**
 * National scale, each through the real CLI in a child process sampled for memory: a BAG import of a generated
 * extract (official format), a full ingest replaying M listings over every source's page format and the feed, and
 * a re-run of the same archive. The dataset is generated once and kept in the temp folder.
 */
export default defineBench({
  name: 'pipeline',
  description:
    'BAG import, a full run over a replay archive, and a re-run with nothing new, at national scale',
  async run({ quick }) {
    const scale = quick ? NATIONAL_QUICK : NATIONAL
    const { vbo, listings } = scale
    const dir = nationalDir(scale)
    const log = (line: string) => process.stderr.write(`  ${line}\n`)
    if (!existsSync(join(dir, 'manifest.json')))
      log(`generating the dataset in ${dir} (once; takes a while at full size)`)
    const data = await generateNational({ vbo, listings, out: dir, log })
    // The machine's speed on the day, before and after the runs (see machineReferenceMs): five rounds each, as one
    // round varies by a fifth and more on the bench machine.
    const reference = () => median(Array.from({ length: 5 }, () => machineReferenceMs()))
    const referenceBefore = reference()

    const importDb = join(dir, 'import-bench.db')
    for (const suffix of ['', '-wal', '-shm']) rmSync(importDb + suffix, { force: true })
    const imported = await runMeasured(['import', 'bag', data.bagZip, '--db', importDb, '--json'])
    if (imported.code !== 0) throw new Error(`import failed: ${imported.stderr.slice(-2000)}`)
    const bag = JSON.parse(imported.stdout) as {
      counts: Record<string, number>
      goldenRecords: { written: number }
      timings: Record<string, number>
    }
    const objects = Object.entries(bag.counts)
      .filter(([k]) => k !== 'skipped')
      .reduce((a, [, n]) => a + n, 0)

    // The run starts from the database this import made, so it has this version's schema and page size (the cached
    // dataset's own bag.db may be older).
    const runDb = join(dir, 'run-bench.db')
    for (const suffix of ['', '-wal', '-shm']) {
      rmSync(runDb + suffix, { force: true })
      if (existsSync(importDb + suffix)) renameSync(importDb + suffix, runDb + suffix)
    }
    const args = [
      'ingest',
      '--replay',
      data.archive,
      // Every source the dataset has pages for: a run given --feed reads only the feed unless --sources names more.
      '--sources',
      Object.keys(data.counts).join(','),
      '--feed',
      data.feed,
      '--cities',
      data.cities.join(','),
      '--db',
      runDb,
      '--json',
    ]
    const runs: { label: string; run: Awaited<ReturnType<typeof runMeasured>>; report: Report }[] = []
    for (const label of ['full run', 're-run, nothing new']) {
      const run = await runMeasured(args)
      if (run.code !== 0 && run.code !== 3)
        throw new Error(`${label} failed (${run.code}): ${run.stderr.slice(-2000)}`)
      runs.push({ label, run, report: JSON.parse(run.stdout) as Report })
    }

    const referenceAfter = reference()
    const referenceMs = (referenceBefore + referenceAfter) / 2

    const rows = runs.map(({ label, run, report }) => {
      const n = report.sources.reduce((a, s) => a + s.listings, 0)
      const cpuMs = CPU_STAGES.reduce((a, k) => a + (report.timings[k] ?? 0), 0)
      const homeValuesMs = report.timings.homeValuesMs ?? 0
      return {
        run: label,
        listings: n,
        'pages parsed':
          report.sources.reduce((a, s) => a + s.pages, 0) -
          report.sources.reduce((a, s) => a + s.pagesUnchanged, 0),
        'wall s': run.seconds,
        'listings/s': n / run.seconds,
        'CPU stages ms': cpuMs,
        'CPU stages listings/s': cpuMs > 0 ? n / (cpuMs / 1000) : 0,
        'CPU stages ÷ reference': cpuMs / referenceMs,
        'home values s': homeValuesMs / 1000,
        'homes valued': report.valuations?.valued ?? 0,
        models: Object.entries(report.valuations?.models ?? {})
          .map(([kind, outcome]) => `${kind} ${outcome.model}`)
          .join(', '),
        'CPU stages without home values listings/s':
          cpuMs > homeValuesMs ? n / ((cpuMs - homeValuesMs) / 1000) : 0,
        'golden written': report.goldenRecords?.written ?? 0,
        'peak RSS MiB': run.peakRssMiB,
        'peak anon MiB': run.peakAnonMiB,
      }
    })
    const stages = runs.map(({ label, report }) => ({
      run: label,
      ...Object.fromEntries(CPU_STAGES.map((k) => [k.replace('Ms', ' ms'), report.timings[k] ?? 0])),
      'of which checkpoint ms': report.timings.checkpointMs ?? 0,
      'of which home values ms': report.timings.homeValuesMs ?? 0,
    }))
    return [
      {
        title: `BAG import: generated extract, ${vbo.toLocaleString('en')} VBOs (official zip-of-zips format)`,
        rows: [
          {
            objects,
            'wall s': imported.seconds,
            'objects/s': objects / imported.seconds,
            'golden records': bag.goldenRecords.written,
            'load s': (bag.timings.loadMs ?? 0) / 1000,
            'golden s': (bag.timings.goldenMs ?? 0) / 1000,
            'peak RSS MiB': imported.peakRssMiB,
            'peak anon MiB': imported.peakAnonMiB,
          },
        ],
        notes: [
          'RSS includes the memory-mapped database; anon is the heap and native memory that grows with the input.',
        ],
      },
      {
        title: `Ingest from a replay archive: ${listings.toLocaleString('en')} generated homes on ${Object.keys(data.counts).length} sources, ${data.cities.length} places`,
        rows,
        notes: [
          'CPU stages: normalise, resolve, dedupe, merge, valuate, publish (parse and fetch excluded).',
          'home values: the part of valuate that values, regulates and compares the homes the publish touched, or every home when a model was refitted or the rules in force changed.',
          `reference: a fixed SQLite and JSON workload that uses none of this code, ${referenceBefore.toFixed(0)} ms before the runs and ${referenceAfter.toFixed(0)} ms after (medians of 5): the ratio compares days on which the machine ran at different speeds.`,
        ],
      },
      {
        title: 'CPU stages per run (ms)',
        rows: stages,
        notes: [
          'publish includes the commit and the WAL checkpoint after it, whose share is the last column.',
        ],
      },
      ...(data.offerHomes && existsSync(data.offerHomes)
        ? dedupeAgainstTruth(runDb, data.offerHomes)
        : [
            {
              title: 'Dedupe against the ground truth: not measured',
              rows: [],
              notes: [
                `The dataset in ${dir} predates offer-homes.csv; delete it to generate one that has it.`,
              ],
            },
          ]),
    ]
  },
})
