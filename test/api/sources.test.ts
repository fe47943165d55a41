import { describe, expect, it } from 'vitest'
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
    // The sample's BAG is loaded without an `import bag` run, so the register has no run yet.
    expect(body.data.find((s) => s.id === 'bag')).toMatchObject({
      kind: 'register',
      status: null,
      last_run: null,
    })
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

  it('is in the OpenAPI document with its schema', async () => {
    const doc = (await get(fixture, '/openapi.json', {})).json() as {
      paths: Record<string, { get: { security: unknown[] } }>
      components: { schemas: Record<string, unknown> }
    }
    expect(doc.paths['/v1/sources']?.get.security).toEqual([{ ApiKeyAuth: [] }])
    expect(doc.components.schemas.Source).toBeDefined()
  })
})
