import { describe, expect, it } from 'vitest'
import { get, useSampleApi } from '../helpers/api-fixture.js'

const fixture = useSampleApi({ rateLimitPerMinute: 2 })

/** The value of one series in a Prometheus text body, or undefined. */
const series = (body: string, name: string, labels: string) =>
  body
    .split('\n')
    .find((line) => line.startsWith(`${name}{${labels}}`) || (labels === '' && line.startsWith(`${name} `)))
    ?.split(' ')
    .at(-1)

describe('GET /metrics', () => {
  it('serves the Prometheus text format without a key, and is not in the OpenAPI document', async () => {
    const res = await get(fixture, '/metrics', {})
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(res.body).toContain('# TYPE propdata_http_request_duration_seconds histogram')
    expect(res.body).toContain('process_cpu_user_seconds_total')
    const openapi = (await get(fixture, '/openapi.json', {})).json() as { paths: Record<string, unknown> }
    expect(Object.keys(openapi.paths)).not.toContain('/metrics')
  })

  it('counts requests per route pattern and status, never per raw URL', async () => {
    const bagId = (
      fixture.store.sqlite.prepare('select bag_id from golden_records limit 1').get() as { bag_id: string }
    ).bag_id
    await get(fixture, `/v1/properties/${bagId}`)
    await get(fixture, '/v1/listings?city=Amsterdam')
    await get(fixture, '/no/such/path/123')
    const body = (await get(fixture, '/metrics', {})).body
    expect(
      series(
        body,
        'propdata_http_request_duration_seconds_count',
        'method="GET",route="/v1/properties/:bag_id",status="200"',
      ),
    ).toBe('1')
    expect(
      series(
        body,
        'propdata_http_request_duration_seconds_count',
        'method="GET",route="/v1/listings",status="200"',
      ),
    ).toBe('1')
    expect(
      series(
        body,
        'propdata_http_request_duration_seconds_count',
        'method="GET",route="unmatched",status="404"',
      ),
    ).toBe('1')
    expect(body).not.toContain(bagId)
    expect(body).not.toContain('/no/such/path')
  })

  it('counts rate-limit rejections per policy', async () => {
    for (let i = 0; i < 3; i++) await get(fixture, '/v1/listings?page=2')
    const body = (await get(fixture, '/metrics', {})).body
    expect(Number(series(body, 'propdata_rate_limited_total', 'policy="key"'))).toBeGreaterThanOrEqual(1)
  })

  it('reports the data age, the generation and per source the last success and active listings', async () => {
    const body = (await get(fixture, '/metrics', {})).body
    const { generation, published_at } = fixture.store.sqlite
      .prepare('select generation, published_at from publication')
      .get() as { generation: number; published_at: string }
    expect(series(body, 'propdata_published_generation', '')).toBe(String(generation))
    const age = Number(series(body, 'propdata_data_age_seconds', ''))
    expect(age).toBeGreaterThanOrEqual(0)
    expect(age).toBeLessThan((Date.now() - Date.parse(published_at)) / 1000 + 5)
    const lastSuccess = Number(
      series(body, 'propdata_source_last_success_timestamp_seconds', 'source="pararius"'),
    )
    expect(lastSuccess * 1000).toBeLessThanOrEqual(Date.now())
    expect(lastSuccess * 1000).toBeGreaterThan(Date.now() - 3_600_000)
    expect(Number(series(body, 'propdata_source_active_listings', 'source="pararius"'))).toBe(300)
  })

  it('reports what the per-generation response caches hold', async () => {
    const ids = fixture.store.sqlite
      .prepare('select bag_id from golden_records limit 3')
      .pluck()
      .all() as string[]
    const before = (await get(fixture, '/metrics', {})).body
    const held = Number(series(before, 'propdata_response_cache_entries', 'cache="properties"'))
    // Through the read model: this fixture's key is limited to 2 requests a minute.
    for (const id of [...ids, ...ids]) expect(fixture.app.readModel.property(id).body).not.toBeNull()
    const after = (await get(fixture, '/metrics', {})).body
    expect(
      Number(series(after, 'propdata_response_cache_entries', 'cache="properties"')),
    ).toBeLessThanOrEqual(held + 3)
    expect(
      Number(series(after, 'propdata_response_cache_entries', 'cache="properties"')),
    ).toBeGreaterThanOrEqual(3)
    expect(Number(series(after, 'propdata_response_cache_chars', 'cache="properties"'))).toBeGreaterThan(300)
    expect(series(after, 'propdata_response_cache_entries', 'cache="listings"')).toBeDefined()
  })
})
