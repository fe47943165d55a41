import { describe, expect, it } from 'vitest'
import { get, recordParariusRun, useSampleApi } from '../helpers/api-fixture.js'

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
    for (const id of [...ids, ...ids]) expect((await fixture.app.readModel.property(id)).body).not.toBeNull()
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

  it("reports per source its last run's requests by kind and the age of its least recently verified listing", async () => {
    // Only pararius's listings have been verified, and only it has requests recorded in the run below.
    fixture.store.sqlite.prepare('update observations set verified_at = null, verified_by = null').run()
    await recordParariusRun(fixture.store, {
      requests_json: JSON.stringify({
        list: 12,
        detailNew: 3,
        detailChanged: 2,
        refresh: 5,
        notModified: 40,
      }),
    })
    const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000).toISOString()
    fixture.store.sqlite
      .prepare(
        "update observations set verified_at = ?, verified_by = 'list' where source_id = 'pararius' and status = 'active'",
      )
      .run(twoDaysAgo)

    const body = (await get(fixture, '/metrics', {})).body
    const requests = (kind: string) =>
      series(body, 'propdata_source_requests', `source="pararius",kind="${kind}"`)
    expect(['list', 'detail_new', 'detail_changed', 'refresh', 'not_modified'].map(requests)).toEqual([
      '12',
      '3',
      '2',
      '5',
      '40',
    ])
    const age = Number(series(body, 'propdata_source_oldest_unverified_seconds', 'source="pararius"'))
    expect(age).toBeGreaterThanOrEqual(48 * 3600 - 5)
    expect(age).toBeLessThan(48 * 3600 + 60)
    expect(body).toContain('# HELP propdata_source_requests The requests the last run of each source sent')
    // No other source has a verified listing: no series for them rather than a made-up age.
    expect(body).not.toMatch(/propdata_source_oldest_unverified_seconds\{source="(?!pararius)/)
  })
})
