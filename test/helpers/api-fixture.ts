import type { FastifyInstance, InjectOptions } from 'fastify'
import type { Insertable } from 'kysely'
import { afterAll, beforeAll } from 'vitest'
import { buildApp } from '../../src/api/app.js'
import type { Config } from '../../src/config.js'
import { openStore, type Store } from '../../src/store/database.js'
import { createRun, finishRun, recordRunSource } from '../../src/store/runs.repository.js'
import type { RunSourceTable, RunTable } from '../../src/store/schema.js'
import { type ConformanceChecker, createConformanceChecker } from './openapi-conformance.js'
import { useSampleStore } from './sample-database.js'

/** The key every API test sends. */
export const KEY = 'test-key-0123456789'

/** A served sample: the sample ingested into a real SQLite file, the app on a read-only handle. */
export interface ApiFixture {
  app: FastifyInstance
  /** A writable handle on the same file, for checking answers against SQL. */
  store: Store
  config: Config
  /** Checks an answer against the served document (the fixture's inject does it for every answer). */
  conformance: ConformanceChecker
  /** How many answers the fixture's inject has checked. */
  answersChecked: number
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
    fixture.answersChecked = 0
    fixture.conformance = await checkEveryAnswer(fixture.app, () => fixture.answersChecked++)
  })
  afterAll(async () => fixture.app?.close())
  return fixture
}

/**
 * Makes the app's inject check every answer against the document the app serves (status, media type, body,
 * headers; see openapi-conformance.ts), failing the request that got an answer the document does not describe.
 */
async function checkEveryAnswer(app: FastifyInstance, counted: () => void): Promise<ConformanceChecker> {
  const inject = app.inject.bind(app)
  const check = createConformanceChecker((await inject({ url: '/openapi.json' })).json())
  const checked = async (options: string | InjectOptions) => {
    const request = typeof options === 'string' ? { url: options } : options
    const response = await inject(request)
    const url = typeof request.url === 'string' ? request.url : String(request.path ?? '')
    const problems = check({
      method: request.method ?? 'GET',
      url,
      statusCode: response.statusCode,
      headers: response.headers,
      body: response.rawPayload,
    })
    counted()
    if (problems.length > 0)
      throw new Error(`The answer is not what the document says:\n  ${problems.join('\n  ')}`)
    return response
  }
  app.inject = checked as typeof app.inject
  return check
}

/** GETs `url` with the test key (or the given headers). */
export function get(
  fixture: ApiFixture,
  url: string,
  headers: Record<string, string> = { 'x-api-key': KEY },
) {
  return fixture.app.inject({ method: 'GET', url, headers })
}

/**
 * Records a finished live run of Pararius alone: by default a successful one that read 10 pages and 300 listings,
 * without its requests by kind (a run from before they were recorded); `line` changes the source's line of the run,
 * `outcome` how the run ended. Returns the run's id.
 */
export async function recordParariusRun(
  store: Store,
  line: Partial<Insertable<RunSourceTable>> = {},
  outcome: { status: RunTable['status']; exitCode: number } = { status: 'succeeded', exitCode: 0 },
): Promise<number> {
  const started = new Date().toISOString()
  const runId = await createRun(store, {
    kind: 'ingest',
    mode: 'live',
    sources: 'pararius',
    startedAt: started,
  })
  await recordRunSource(store, {
    run_id: runId,
    source_id: 'pararius',
    status: 'ok',
    pages: 10,
    pages_failed: 0,
    listings: 300,
    new_listings: 0,
    updated_listings: 0,
    withdrawn_listings: 0,
    rejected: 0,
    errors: 0,
    duration_ms: 10,
    message: null,
    requests_json: null,
    ...line,
  })
  await finishRun(store, runId, { ...outcome, report: {}, finishedAt: new Date().toISOString() })
  return runId
}
