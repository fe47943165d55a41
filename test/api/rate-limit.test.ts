import { describe, expect, it } from 'vitest'
import { get, KEY, useSampleApi } from '../helpers/api-fixture.js'

const fixture = useSampleApi({ rateLimitPerMinute: 3, envApiKeys: [KEY, 'second-key-0123456789'] })

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
  it('answers a missing or invalid key with 401 however many arrive, with the RateLimit headers', async () => {
    const answers = []
    for (let i = 0; i < 20; i++)
      answers.push(await get(fixture, '/v1/listings', i % 2 === 0 ? {} : { 'x-api-key': `wrong-${i}` }))
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(401))
    for (const res of answers) {
      expect(res.headers['ratelimit-policy']).toBe('"default";q=3;w=60')
      expect(res.headers.ratelimit).toBe('"default";r=3;t=60')
      expect(res.headers['retry-after']).toBeUndefined()
    }
  })
})
