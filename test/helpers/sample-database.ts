import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { ingestWith } from '../../src/cli/commands/ingest.js'
import { type Config, loadConfig } from '../../src/config.js'
import type { RunReport } from '../../src/pipeline/ingest.js'
import { openStore, type Store } from '../../src/store/database.js'
import { SILENT_LOGGER } from './silent-logger.js'
import { useTempDir } from './temp-dir.js'

/** Settings for tests: a database and data folder of their own, nothing from the caller's environment. */
export function testConfig(dir: string, overrides: Partial<Config> = {}): Config {
  const base = loadConfig({})
  return Object.freeze({
    ...base,
    dbPath: join(dir, 'propdata.db'),
    sampleDbPath: join(dir, 'sample.db'),
    dataDir: dir,
    ...overrides,
  })
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

/**
 * A store holding the ingested bundled sample for the tests of one file: ingested before them, closed after;
 * `overrides` tweak the settings it was ingested with.
 */
export function useSampleStore(overrides: Partial<Config> = {}): {
  readonly store: Store
  readonly config: Config
} {
  const dir = useTempDir()
  const fixture = {} as { store: Store; config: Config }
  beforeAll(async () => {
    fixture.config = testConfig(dir, overrides)
    fixture.store = await openStore(fixture.config.dbPath)
    await ingestSample(fixture.config, fixture.store)
  }, 120_000)
  afterAll(async () => fixture.store?.close())
  return fixture
}
