import { join } from 'node:path'
import { findSource } from '../../sources/index.js'
import { sourcePriority } from '../../src/cli/commands/import.js'
import { DEFAULT_CITIES, ensureSampleBag } from '../../src/cli/commands/ingest.js'
import { readSampleManifest } from '../../src/cli/sample.js'
import { type Config, loadConfig } from '../../src/config.js'
import { type RunReport, runIngest } from '../../src/pipeline/ingest.js'
import { SILENT_LOGGER } from '../../src/pipeline/logger.js'
import { openStore, type Store } from '../../src/store/database.js'

/** Settings for tests: a database and data folder of their own, nothing from the caller's environment. */
export function testConfig(dir: string, overrides: Partial<Config> = {}): Config {
  const base = loadConfig({})
  return Object.freeze({ ...base, dbPath: join(dir, 'propdata.db'), dataDir: dir, ...overrides })
}

/** Ingests the bundled sample into `config.dbPath` through the real replay path; returns the report. */
export async function ingestSample(config: Config, store?: Store): Promise<RunReport> {
  const own = store ?? (await openStore(config.dbPath))
  try {
    const manifest = readSampleManifest(config)
    await ensureSampleBag(own, manifest.bag, SILENT_LOGGER)
    return await runIngest({
      store: own,
      config,
      sources: manifest.sources.map((id) => findSource(id)!),
      scope: manifest.scope ?? { cities: DEFAULT_CITIES, types: ['rent', 'buy'] },
      mode: 'sample',
      archives: [manifest.archive],
      logger: SILENT_LOGGER,
      priority: sourcePriority,
    })
  } finally {
    if (!store) await own.close()
  }
}
