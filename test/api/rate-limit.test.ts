import { describe, expect, it } from 'vitest'
import { get, KEY, useSampleApi } from '../helpers/api-fixture.js'

const fixture = useSampleApi({
  rateLimitPerMinute: 3,
  anonRateLimitPerMinute: 2,
  envApiKeys: [KEY, 'second-key-0123456789'],
})

describe('rate limits', () => {
  it('answers 429 problem+json with Retry-After once a key is over its limit, per key', async () => {
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await get(fixture, '/v1/listings')).statusCode)
    expect(statuses).toEqual([200, 200, 200, 429])
    const limited = await get(fixture, '/v1/listings')
    expect(limited.headers['retry-after']).toMatch(/^\d+$/)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(limited.headers.ratelimit).toMatch(/r=0;/)
    // Another key keeps its own budget.
    expect((await get(fixture, '/v1/listings', { 'x-api-key': 'second-key-0123456789' })).statusCode).toBe(
      200,
    )
  })
  it('limits requests without a valid key per address', async () => {
    const statuses = []
    for (let i = 0; i < 3; i++)
      statuses.push((await get(fixture, '/v1/listings', { 'x-api-key': 'wrong' })).statusCode)
    expect(statuses).toEqual([401, 401, 429])
  })
})
