import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import { buildApp } from '../../src/api/app.js'
import type { Config } from '../../src/config.js'
import { openStore, type Store } from '../../src/store/database.js'
import { useSampleStore } from './sample-database.js'

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
  const sample = useSampleStore({ envApiKeys: [KEY], ...overrides })
  const fixture = {} as ApiFixture
  // Registered after the sample's hooks: runs once it is ingested, and closes the app before the store closes.
  beforeAll(async () => {
    fixture.config = sample.config
    fixture.store = sample.store
    const readonly = await openStore(fixture.config.dbPath, { readonly: true })
    fixture.app = await buildApp({ store: readonly, config: fixture.config })
    fixture.app.addHook('onClose', async () => readonly.close())
  })
  afterAll(async () => fixture.app?.close())
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
