import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config.js'
import { get, KEY, useSampleApi } from '../helpers/api-fixture.js'

const PAGE = 'https://app.example.nl'
const fixture = useSampleApi({ corsOrigins: [PAGE, 'http://127.0.0.1:5173'] })

const preflight = (origin: string, url = '/v1/listings') =>
  fixture.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'x-api-key',
    },
  })

describe('CORS', () => {
  it('answers a preflight from an allowed origin without a key', async () => {
    const res = await preflight(PAGE)
    expect(res.statusCode).toBe(204)
    expect(res.headers['access-control-allow-origin']).toBe(PAGE)
    expect(res.headers['access-control-allow-methods']).toBe('GET, HEAD')
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('x-api-key')
    expect(Number(res.headers['access-control-max-age'])).toBeGreaterThan(0)
    expect(res.headers.vary).toContain('Origin')
    expect((await preflight(PAGE, '/v1/properties/0363010000000001')).statusCode).toBe(204)
  })

  it('gives a preflight from another origin no permission', async () => {
    const res = await preflight('https://evil.example')
    expect(res.statusCode).toBe(204)
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
    expect(res.headers['access-control-allow-headers']).toBeUndefined()
  })

  it('names an allowed origin on real answers, errors included, and exposes ETag and the rate-limit headers', async () => {
    const withAndWithoutKey: Record<string, string>[] = [{ origin: PAGE, 'x-api-key': KEY }, { origin: PAGE }]
    for (const headers of withAndWithoutKey) {
      const res = await get(fixture, '/v1/listings?city=Delft', headers)
      expect(res.statusCode).toBe('x-api-key' in headers ? 200 : 401)
      expect(res.headers['access-control-allow-origin']).toBe(PAGE)
      const exposed = String(res.headers['access-control-expose-headers'])
        .split(',')
        .map((h) => h.trim().toLowerCase())
      expect(exposed).toEqual(
        expect.arrayContaining(['etag', 'ratelimit', 'ratelimit-policy', 'retry-after']),
      )
      expect(res.headers.vary).toContain('Origin')
    }
  })

  it('sends nothing to an origin that is not allowed', async () => {
    const res = await get(fixture, '/v1/listings', { origin: 'https://evil.example', 'x-api-key': KEY })
    expect(res.statusCode).toBe(200)
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
    expect(res.headers['access-control-expose-headers']).toBeUndefined()
  })
})

/** The CORS headers of an answer, and Vary, by name. */
const corsHeaders = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => /^(access-control-|vary$)/.test(name)))

describe('CORS, header for header', () => {
  it('a preflight and a simple request from an allowed origin, from another, and with no Origin', async () => {
    const allowed = await preflight(PAGE)
    expect([allowed.statusCode, allowed.body, corsHeaders(allowed.headers)]).toEqual([
      204,
      '',
      {
        vary: 'Origin, Accept-Encoding',
        'access-control-allow-origin': PAGE,
        'access-control-allow-methods': 'GET, HEAD',
        'access-control-allow-headers': 'X-API-Key, If-None-Match, If-Modified-Since',
        'access-control-max-age': '600',
      },
    ])
    const other = await preflight('https://evil.example')
    expect([other.statusCode, other.body, corsHeaders(other.headers)]).toEqual([
      204,
      '',
      { vary: 'Origin, Accept-Encoding' },
    ])
    const simple = await get(fixture, '/v1/listings?city=Delft', { origin: PAGE, 'x-api-key': KEY })
    expect([simple.statusCode, corsHeaders(simple.headers)]).toEqual([
      200,
      {
        vary: 'Origin, Accept-Encoding',
        'access-control-allow-origin': PAGE,
        'access-control-expose-headers': 'ETag, RateLimit, RateLimit-Policy, Retry-After',
      },
    ])
    const sameOrigin = await get(fixture, '/v1/listings?city=Delft', { 'x-api-key': KEY })
    expect(corsHeaders(sameOrigin.headers)).toEqual({ vary: 'Origin, Accept-Encoding' })
    // Origins are compared as browsers serialise them, in lower case; the answer names the origin as sent.
    const upper = await get(fixture, '/v1/listings?city=Delft', {
      origin: 'https://APP.example.nl',
      'x-api-key': KEY,
    })
    expect(upper.headers['access-control-allow-origin']).toBe('https://APP.example.nl')
  })
})

describe('PROPDATA_CORS_ORIGINS', () => {
  it('is empty by default, takes a list or *, and refuses anything else', () => {
    expect(loadConfig({}).corsOrigins).toEqual([])
    expect(
      loadConfig({ PROPDATA_CORS_ORIGINS: 'https://App.example.nl, http://localhost:5173' }).corsOrigins,
    ).toEqual(['https://app.example.nl', 'http://localhost:5173'])
    expect(loadConfig({ PROPDATA_CORS_ORIGINS: '*' }).corsOrigins).toEqual(['*'])
    for (const bad of ['app.example.nl', 'https://app.example.nl/', 'https://a.nl,*'])
      expect(() => loadConfig({ PROPDATA_CORS_ORIGINS: bad })).toThrow(/PROPDATA_CORS_ORIGINS/)
  })
})
