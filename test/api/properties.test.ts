import { describe, expect, it } from 'vitest'
import { get, KEY, useSampleApi } from '../helpers/api-fixture.js'

const fixture = useSampleApi()
const resolved = () =>
  fixture.store.sqlite
    .prepare(
      'select bag_id, num_id from golden_records where bag_id in (select bag_id from listings) limit 1',
    )
    .get() as {
    bag_id: string
    num_id: string
  }

describe('GET /v1/properties/{bag_id}', () => {
  it('answers 401 before validating the id', async () => {
    expect((await get(fixture, '/v1/properties/abc', {})).statusCode).toBe(401)
  })

  it('checks the key even before a malformed URL: 401 without one, a 400 with the RateLimit headers with one', async () => {
    const url = '/v1/properties/%E2%28%A1'
    const refused = await get(fixture, url, {})
    expect(refused.statusCode).toBe(401)
    const malformed = await get(fixture, url)
    expect(malformed.statusCode).toBe(400)
    expect(malformed.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(malformed.headers.ratelimit).toMatch(/^"default";r=\d+;t=\d+$/)
  })

  it('returns the golden record with every contract field present (null when unknown)', async () => {
    const { bag_id } = resolved()
    const res = await get(fixture, `/v1/properties/${bag_id}`)
    expect(res.statusCode).toBe(200)
    const record = JSON.parse(res.body)
    expect(record.bag_id).toBe(bag_id)
    for (const field of ['year_built', 'energy_label', 'woz_value', 'surface_area'])
      expect(record.building).toHaveProperty(field)
    for (const field of ['estimated_price', 'confidence', 'low', 'high', 'as_of', 'method'])
      expect(record.valuation).toHaveProperty(field)
    expect(record.address).toEqual(
      expect.objectContaining({ street: expect.any(String), number: expect.any(String) }),
    )
    expect(record.listings.length).toBeGreaterThan(0)
    expect(record.listings[0].bag_id).toBe(bag_id)
    expect(record.provenance.surface_area).toMatchObject({ source: 'bag' })
  })

  it('values the rent with its own interval and class beside the price', async () => {
    const record = JSON.parse((await get(fixture, `/v1/properties/${resolved().bag_id}`)).body)
    const { rent } = record.valuation
    expect(rent.estimated_rent).toBe(record.valuation.estimated_rent)
    expect(rent).toMatchObject({
      confidence: expect.stringMatching(/^(high|medium|low)$/),
      confidence_reason: expect.any(String),
      interval_level: 0.8,
      method: 'hedonic-rentpm2-shrinkage-v1',
      comparables: { n: expect.any(Number), level: expect.any(String) },
      no_estimate_reason: null,
    })
    expect(rent.low).toBeLessThanOrEqual(rent.estimated_rent)
    expect(rent.high).toBeGreaterThanOrEqual(rent.estimated_rent)
    expect(record.valuation.no_estimate_reason).toBeNull()
  })

  it('says why a home with a rent estimate has no price: no sale listings where it is, and no WOZ value', async () => {
    // The sample offers homes for sale in Amsterdam and Utrecht only.
    const home = fixture.store.sqlite
      .prepare(
        `select bag_id, city, postcode from golden_records
          where bag_id in (select bag_id from listings) and woz_value is null and surface_area is not null
            and city not in (select city from listings where type = 'buy' and city is not null) limit 1`,
      )
      .get() as { bag_id: string; city: string; postcode: string }
    const { valuation } = JSON.parse((await get(fixture, `/v1/properties/${home.bag_id}`)).body)
    expect(valuation.estimated_price).toBeNull()
    expect(valuation.estimated_rent).toEqual(expect.any(Number))
    expect(valuation.no_estimate_reason).toBe(
      `No sale listings in its city (${home.city}) or postcode area (${home.postcode}), and it has no WOZ value to be valued from.`,
    )
  })

  it('finds the same record by the nummeraanduiding id of its address', async () => {
    const { bag_id, num_id } = resolved()
    expect(num_id.slice(4, 6)).toBe('20')
    const byNum = JSON.parse((await get(fixture, `/v1/properties/${num_id}`)).body)
    expect(byNum.bag_id).toBe(bag_id)
  })

  it('answers 404 for a well-formed id without a record', async () => {
    const res = await get(fixture, '/v1/properties/0363010009999999')
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/)
  })

  for (const bad of [
    '123',
    '03630100000000001',
    '036301000000000x',
    '%20363010000000000',
    'abcdefghijklmnop',
  ]) {
    it(`answers 400 naming bag_id for ${JSON.stringify(bad)}`, async () => {
      const res = await get(fixture, `/v1/properties/${bad}`)
      expect(res.statusCode).toBe(400)
      expect(JSON.parse(res.body).errors[0].parameter).toBe('bag_id')
    })
  }

  it('answers 400 naming an unknown query parameter, as every /v1 route does', async () => {
    const res = await get(fixture, `/v1/properties/${resolved().bag_id}?foo=1`)
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual([{ parameter: 'foo', message: 'unknown parameter foo' }])
  })

  it('answers 304 to a matching If-None-Match', async () => {
    const { bag_id } = resolved()
    const first = await get(fixture, `/v1/properties/${bag_id}`)
    const again = await get(fixture, `/v1/properties/${bag_id}`, {
      'x-api-key': KEY,
      'if-none-match': first.headers.etag as string,
    })
    expect(again.statusCode).toBe(304)
  })
})

describe('routes outside /v1', () => {
  it('/healthz answers without a key', async () => {
    const res = await fixture.app.inject({ url: '/healthz' })
    expect(res.statusCode).toBe(200)
    expect(JSON.parse(res.body)).toMatchObject({ status: 'ok', generation: expect.any(Number) })
  })
  it('/openapi.json is generated from the zod schemas, with both endpoints and their parameters', async () => {
    const doc = JSON.parse((await fixture.app.inject({ url: '/openapi.json' })).body)
    expect(doc.openapi).toMatch(/^3\.1/)
    const listings = doc.paths['/v1/listings'].get
    const names = listings.parameters.map((p: { name: string }) => p.name)
    expect(names).toEqual(
      expect.arrayContaining(['city', 'min_price', 'max_price', 'type', 'page', 'page_size']),
    )
    expect(doc.paths['/v1/properties/{bag_id}'].get.parameters[0]).toMatchObject({
      name: 'bag_id',
      in: 'path',
    })
    expect(doc.components.securitySchemes.ApiKeyAuth).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-API-Key',
    })
  })
  it('/docs serves the API reference page', async () => {
    const res = await fixture.app.inject({ url: '/docs/' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/html/)
  })
  it('an unknown /v1 path without a key is a 401, with a key a 404', async () => {
    expect((await get(fixture, '/v1/nothing', {})).statusCode).toBe(401)
    expect((await get(fixture, '/v1/nothing')).statusCode).toBe(404)
  })
})
