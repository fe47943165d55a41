import { describe, expect, it } from 'vitest'
import { STOPPED_BY_RUN } from '../../src/registers/run-lookups.js'
import { createRun, finishRun, recordRunSource } from '../../src/store/runs.repository.js'
import { get, useSampleApi } from '../helpers/api-fixture.js'

const fixture = useSampleApi()

interface SourcesBody {
  data: {
    id: string
    kind: string
    status: string | null
    last_run: { run_id: number; message: string | null } | null
    last_success: string | null
    data_as_of: string | null
    loaded_at: string | null
    freshness_seconds: number | null
    active_listings: number | null
  }[]
  meta: { generation: number }
}

describe('GET /v1/sources', () => {
  it('needs a key and answers 401 problem+json without one', async () => {
    const res = await get(fixture, '/v1/sources', {})
    expect(res.statusCode).toBe(401)
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/)
  })

  it('lists each source with its last run, last success, freshness and active listings', async () => {
    const res = await get(fixture, '/v1/sources')
    expect(res.statusCode).toBe(200)
    expect(res.headers.ratelimit).toBeDefined()
    const body = res.json() as SourcesBody
    const pararius = body.data.find((s) => s.id === 'pararius')!
    expect(pararius).toMatchObject({ kind: 'listing', status: 'ok', active_listings: 300 })
    expect(pararius.last_success).not.toBeNull()
    expect(pararius.freshness_seconds).toBeGreaterThanOrEqual(0)
    expect(pararius.freshness_seconds).toBeLessThan(3_600)
    // The sample run imported its BAG and label file first: each is a run of its register.
    expect(body.data.filter((s) => s.kind === 'register').map((s) => s.id)).toEqual([
      'bag',
      'ep-online',
      'woz',
    ])
    for (const id of ['bag', 'ep-online'])
      expect(body.data.find((s) => s.id === id)).toMatchObject({
        kind: 'register',
        status: 'ok',
        last_run: { message: null },
        last_success: expect.any(String),
        data_as_of: '2026-11-01',
        loaded_at: expect.any(String),
        active_listings: null,
      })
    // The sample run looked up WOZ values (from its archive): that run is the register's last run and success.
    const sampleRun = fixture.store.sqlite
      .prepare("select id, started_at from runs where kind = 'ingest' order by id desc limit 1")
      .get() as { id: number; started_at: string }
    const woz = body.data.find((s) => s.id === 'woz')!
    expect(woz).toMatchObject({
      kind: 'register',
      status: 'ok',
      last_run: { run_id: sampleRun.id, message: null },
      last_success: sampleRun.started_at,
      active_listings: null,
    })
    expect(woz.freshness_seconds).toBeGreaterThanOrEqual(0)
  })

  it('shows an energy-label import as the ep-online run, and WOZ look-ups cut short as stopped', async () => {
    const before = (await get(fixture, '/v1/sources')).json() as SourcesBody
    const wozBefore = before.data.find((s) => s.id === 'woz')!
    const started = new Date().toISOString()
    const labels = await createRun(fixture.store, {
      kind: 'import-energy-labels',
      mode: 'file',
      sources: 'ep-online',
      startedAt: started,
    })
    await finishRun(fixture.store, labels, {
      status: 'failed',
      exitCode: 1,
      report: { error: 'no Energieklasse column' },
      finishedAt: started,
    })
    // An ingest whose WOZ look-ups hit the deadline, then one that asked the loket nothing (look-ups off).
    const stopped = await createRun(fixture.store, {
      kind: 'ingest',
      mode: 'live',
      sources: 'pararius',
      startedAt: started,
    })
    const woz = {
      candidates: 50,
      lookedUp: 10,
      found: 9,
      none: 0,
      failed: 1,
      changed: 2,
      stoppedBy: STOPPED_BY_RUN,
    }
    await finishRun(fixture.store, stopped, {
      status: 'stopped',
      exitCode: 3,
      report: { registers: { woz, energyLabels: null } },
      finishedAt: started,
    })
    const quiet = await createRun(fixture.store, {
      kind: 'ingest',
      mode: 'live',
      sources: 'pararius',
      startedAt: started,
    })
    await finishRun(fixture.store, quiet, {
      status: 'succeeded',
      exitCode: 0,
      report: { registers: { woz: null, energyLabels: null } },
      finishedAt: started,
    })

    const body = (await get(fixture, '/v1/sources')).json() as SourcesBody
    // Failed, but the labels loaded before are still the ones in use.
    const labelsBefore = before.data.find((s) => s.id === 'ep-online')!
    expect(body.data.find((s) => s.id === 'ep-online')).toMatchObject({
      status: 'failed',
      last_run: { run_id: labels, message: 'no Energieklasse column' },
      last_success: labelsBefore.last_success,
      data_as_of: labelsBefore.data_as_of,
      loaded_at: labelsBefore.loaded_at,
    })
    const after = body.data.find((s) => s.id === 'woz')!
    expect(after).toMatchObject({
      status: 'stopped',
      last_run: {
        run_id: stopped,
        message: expect.stringMatching(/^the run was stopped .*10 of 50 due homes looked up, 1 failed/),
      },
    })
    // Cut short is not a success: its data is as fresh as the last look-ups that went through.
    expect(after.last_success).toBe(wozBefore.last_success)
  })

  it('refuses unknown parameters with a 400 that names them', async () => {
    const res = await get(fixture, '/v1/sources?bogus=1')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ errors: [{ parameter: 'bogus' }] })
  })

  it('answers 304 to its ETag, and a new run changes the ETag even when it publishes nothing', async () => {
    const first = await get(fixture, '/v1/sources')
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^W\/"v1-g\d+-/)
    expect(
      (await get(fixture, '/v1/sources', { 'x-api-key': 'test-key-0123456789', 'if-none-match': etag }))
        .statusCode,
    ).toBe(304)

    // A failed run: no new generation, but the source's status is news.
    const runId = await createRun(fixture.store, {
      kind: 'ingest',
      mode: 'live',
      sources: 'pararius',
      startedAt: new Date().toISOString(),
    })
    await recordRunSource(fixture.store, {
      run_id: runId,
      source_id: 'pararius',
      status: 'blocked',
      pages: 1,
      pages_failed: 0,
      listings: 0,
      new_listings: 0,
      updated_listings: 0,
      withdrawn_listings: 0,
      rejected: 0,
      errors: 0,
      duration_ms: 10,
      message: 'Blocked by cloudflare-challenge at https://www.pararius.com/',
    })
    await finishRun(fixture.store, runId, {
      status: 'partial',
      exitCode: 3,
      report: {},
      finishedAt: new Date().toISOString(),
    })

    const after = await get(fixture, '/v1/sources', {
      'x-api-key': 'test-key-0123456789',
      'if-none-match': etag,
    })
    expect(after.statusCode).toBe(200)
    const pararius = (after.json() as SourcesBody).data.find((s) => s.id === 'pararius')!
    expect(pararius).toMatchObject({ status: 'blocked', active_listings: 300 })
    expect(pararius.last_run).toMatchObject({ run_id: runId, message: expect.stringContaining('cloudflare') })
    expect(pararius.last_success).toBe(
      (first.json() as SourcesBody).data.find((s) => s.id === 'pararius')!.last_success,
    )
  })

  it('moves Last-Modified with every run, so If-Modified-Since cannot hide a run that published nothing', async () => {
    const first = await get(fixture, '/v1/sources')
    const lastModified = first.headers['last-modified'] as string
    expect(Date.parse(lastModified)).toBeGreaterThan(0)
    const since = { 'x-api-key': 'test-key-0123456789', 'if-modified-since': lastModified }
    expect((await get(fixture, '/v1/sources', since)).statusCode).toBe(304)
    // Last-Modified has whole seconds: a run in the same second as the last change would be missed.
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    const runId = await createRun(fixture.store, {
      kind: 'ingest',
      mode: 'live',
      sources: 'pararius',
      startedAt: new Date().toISOString(),
    })
    const after = await get(fixture, '/v1/sources', since)
    expect(after.statusCode).toBe(200)
    expect(Date.parse(after.headers['last-modified'] as string)).toBeGreaterThan(Date.parse(lastModified))
    await finishRun(fixture.store, runId, {
      status: 'failed',
      exitCode: 1,
      report: {},
      finishedAt: new Date().toISOString(),
    })
  })

  it('is in the OpenAPI document with its schema', async () => {
    const doc = (await get(fixture, '/openapi.json', {})).json() as {
      paths: Record<string, { get: { security: unknown[] } }>
      components: { schemas: Record<string, unknown> }
    }
    expect(doc.paths['/v1/sources']?.get.security).toEqual([{ ApiKeyAuth: [] }])
    expect(doc.components.schemas.Source).toBeDefined()
  })
})
