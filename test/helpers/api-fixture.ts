import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import { buildApp } from '../../src/api/app.js'
import type { Config } from '../../src/config.js'
import { openStore, type Store } from '../../src/store/database.js'
import { ingestSample, testConfig } from './sample-database.js'
import { useTempDir } from './temp-dir.js'

/** The key every API test sends. */
export const KEY = 'test-key-0123456789'

/** A served sample: the sample ingested into a real SQLite file, the app on a read-only handle. */
export interface ApiFixture {
  app: FastifyInstance
  /** A writable handle on the same file, for checking answers against SQL. */
  store: Store
  config: Config
}

/** Builds the fixture once per test file; `overrides` tweak the settings (e.g. a low rate limit). */
export function useSampleApi(overrides: Partial<Config> = {}): ApiFixture {
  const dir = useTempDir()
  const fixture = {} as ApiFixture
  beforeAll(async () => {
    fixture.config = testConfig(dir, { envApiKeys: [KEY], ...overrides })
    fixture.store = await openStore(fixture.config.dbPath)
    await ingestSample(fixture.config, fixture.store)
    const readonly = await openStore(fixture.config.dbPath, { readonly: true })
    fixture.app = await buildApp({ store: readonly, config: fixture.config })
    fixture.app.addHook('onClose', async () => readonly.close())
  }, 120_000)
  afterAll(async () => {
    await fixture.app?.close()
    await fixture.store?.close()
  })
  return fixture
}

/** GETs `url` with the test key (or the given headers). */
export function get(
  fixture: ApiFixture,
  url: string,
  headers: Record<string, string> = { 'x-api-key': KEY },
) {
  return fixture.app.inject({ method: 'GET', url, headers })
}
