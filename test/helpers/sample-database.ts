import { join } from 'node:path'
import { ingestWith } from '../../src/cli/commands/ingest.js'
import { type Config, loadConfig } from '../../src/config.js'
import type { RunReport } from '../../src/pipeline/ingest.js'
import { SILENT_LOGGER } from '../../src/pipeline/logger.js'
import { openStore, type Store } from '../../src/store/database.js'

/** Settings for tests: a database and data folder of their own, nothing from the caller's environment. */
export function testConfig(dir: string, overrides: Partial<Config> = {}): Config {
  const base = loadConfig({})
  return Object.freeze({ ...base, dbPath: join(dir, 'propdata.db'), dataDir: dir, ...overrides })
}

/**
 * Ingests the bundled sample into `config.dbPath` exactly as `propdata ingest --sample` does (its BAG extract, its
 * label file, the archive replayed through the real fetch and parse path, the feed); returns the report.
 */
export async function ingestSample(config: Config, store?: Store): Promise<RunReport> {
  const own = store ?? (await openStore(config.dbPath))
  try {
    return await ingestWith(config, own, { sample: true }, SILENT_LOGGER)
  } finally {
    if (!store) await own.close()
  }
}
