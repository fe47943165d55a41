import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Config } from '../../config.js'
import { readSourcePriority } from '../../merge/source-priority.js'
import { withRunLock } from '../../ops/run-lock.js'
import type { Logger } from '../../pipeline/logger.js'
import { count } from '../../plural.js'
import { importBag } from '../../registers/import-bag.js'
import { type EnergyLabelImportReport, importEnergyLabels } from '../../registers/import-energy-labels.js'
import { IMPORT_KINDS, type ImportedRegister } from '../../registers/import-kinds.js'
import { recordImport } from '../../registers/record-import.js'
import type { Store } from '../../store/database.js'
import { registerRegistry } from '../catalogue.js'
import {
  configFrom,
  createCliLogger,
  type GlobalOptions,
  printResult,
  withStoreOrCreate,
} from '../context.js'
import { CliError, EXIT, exitIfLocked } from '../exit-codes.js'

/**
 * The trust order the settings ask for (`PROPDATA_SOURCE_PRIORITY`), else the registry's: written to the catalogue
 * first, so that a database no run has registered the sources in since they were ranked ranks them as the code does.
 */
export async function sourcePriorityFor(store: Store, config: Config): Promise<(source: string) => number> {
  await registerRegistry(store)
  return readSourcePriority(store, config.sourcePriority)
}

/** Loads the sample's label file when no labels are loaded yet, as `ensureSampleBag` does for the BAG. */
export async function ensureSampleEnergyLabels(
  store: Store,
  path: string,
  logger: Logger,
  priority: (source: string) => number,
): Promise<void> {
  const any = await store.db.selectFrom('energy_labels').select('object_id').limit(1).executeTakeFirst()
  if (any) return
  const report = await recordImport(store, 'ep-online', 'sample', (runId) => {
    logger.info(
      `Run ${runId} (import-energy-labels): no energy labels loaded yet, importing the sample's label file (${path})`,
    )
    return importEnergyLabels(store, path, { priority })
  })
  logger.info(
    `  ${count(report.objects, 'object')} with a label, ${count(report.goldenRecords.written, 'golden record')} updated`,
  )
}

/**
 * Runs an import as a recorded run, under the run lock an ingest takes, so an import never interleaves with an ingest
 * or another import: when the lock is held it exits 4 with the message a second ingest gets, before it records or
 * changes anything. `runs` says what was imported, when, and how it ended; a generation it publishes is exported
 * when `PROPDATA_EXPORT_DIR` says so.
 */
async function recordedImport<R extends { readonly generation: number | null }>(
  store: Store,
  logger: Logger,
  config: Config,
  register: ImportedRegister,
  run: () => Promise<R>,
  failure: (message: string) => string,
): Promise<R> {
  // The lock names its holder by command: 'import bag', 'import energy-labels'.
  const holder = IMPORT_KINDS[register].replace('-', ' ')
  return exitIfLocked(() =>
    withRunLock(store, holder, logger, async () => {
      try {
        return await recordImport(store, register, 'file', run, { settings: config, logger })
      } catch (error) {
        throw new CliError(failure(error instanceof Error ? error.message : String(error)))
      }
    }),
  )
}

/** Logs progress every `step` units, not more often. */
const every = (step: number, log: (n: number) => void) => {
  let last = 0
  return (n: number) => {
    if (n - last < step) return
    last = n
    log(n)
  }
}

const formatLabelImport = (path: string, r: EnergyLabelImportReport) =>
  [
    `Imported energy labels ${path}${r.publicationDate ? ` (published ${r.publicationDate})` : ''}`,
    `  ${count(r.rows, 'row')} at ${r.rowsPerSecond.toLocaleString('en')} rows/s: ${count(r.labels, 'label')}, ` +
      `${r.expired} expired, ${r.superseded} superseded, ${r.byAddress} matched by address, ${r.unresolved} not in the BAG`,
    `  skipped: ${
      Object.entries(r.skipped)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ') || 'none'
    }`,
    `  ${count(r.objects, 'object')} with a label; golden records: ${r.goldenRecords.written} written, ${r.goldenRecords.unchanged} unchanged`,
    `  ${r.generation === null ? 'nothing the API serves changed' : `generation ${r.generation}`}`,
  ].join('\n')

/** `propdata import bag PATH`: replaces the BAG with the extract at `path` and rebuilds the golden records. */
export async function importBagExtract(path: string, options: GlobalOptions): Promise<void> {
  if (!existsSync(path)) throw new CliError(`No such file or folder: ${path}`, EXIT.USAGE)
  const logger = createCliLogger(options)
  const config = configFrom(options)
  await withStoreOrCreate(config, async (store) => {
    const priority = await sourcePriorityFor(store, config)
    const report = await recordedImport(
      store,
      logger,
      config,
      'bag',
      () =>
        importBag(store, resolve(path), {
          priority,
          onProgress: every(100_000, (n) => logger.info(`  ${count(n, 'object')} read`)),
        }),
      (message) => `BAG import failed; the previous BAG is untouched: ${message}`,
    )
    printResult(options, report, () =>
      [
        `Imported BAG extract ${path} (stand ${report.standDate ?? 'unknown'})`,
        `  ${Object.entries(report.counts)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
        `  ${count(report.addresses, 'address', 'addresses')}; golden records: ${report.goldenRecords.written} written, ${report.goldenRecords.unchanged} unchanged, ${report.goldenRecords.removed} removed`,
        `  generation ${report.generation}`,
      ].join('\n'),
    )
  })
}

/** `propdata import energy-labels PATH`: replaces the energy labels with EP-Online's file at `path`. */
export async function importLabelFile(path: string, options: GlobalOptions): Promise<void> {
  if (!existsSync(path)) throw new CliError(`No such file: ${path}`, EXIT.USAGE)
  const logger = createCliLogger(options)
  const config = configFrom(options)
  await withStoreOrCreate(config, async (store) => {
    const priority = await sourcePriorityFor(store, config)
    const report = await recordedImport(
      store,
      logger,
      config,
      'ep-online',
      () =>
        importEnergyLabels(store, resolve(path), {
          priority,
          onProgress: every(500_000, (n) => logger.info(`  ${count(n, 'row')} read`)),
        }),
      (message) => `Energy-label import failed; the previous labels are untouched: ${message}`,
    )
    printResult(options, report, () => formatLabelImport(path, report))
  })
}
