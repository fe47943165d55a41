import type { AddressInfo } from 'node:net'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { KEY, useSampleApi } from '../helpers/api-fixture.js'
import {
  answerProblems,
  hostileApiKey,
  hostileIfNoneMatch,
  hostileMethod,
  hostilePath,
  hostileQuery,
  hostileRawRequest,
} from './hostile-requests.js'
import { sendRaw } from './raw-http.js'
import { RESILIENCE_SEED } from './resilience-seed.js'

// A limit no fuzz run reaches: the properties are about answers, not about 429s (overload.test.ts has those).
const fixture = useSampleApi({ rateLimitPerMinute: 1_000_000 })
const options = { seed: RESILIENCE_SEED, endOnFailure: true }

type Injected = Awaited<ReturnType<typeof fixture.app.inject>>

async function inject(
  method: string,
  url: string,
  headers: Record<string, string>,
  payload?: string,
): Promise<Injected> {
  return fixture.app.inject({ method: method as 'GET', url, headers, payload })
}

const check = (method: string, url: string, response: Injected) =>
  answerProblems(
    { method, url },
    { statusCode: response.statusCode, headers: response.headers, body: response.body },
  )

describe(`bad input never becomes a 500 (app.inject, seed ${RESILIENCE_SEED})`, () => {
  it('random and hostile query strings: 200 with a valid page, or a 400 naming the problem', async () => {
    const statuses = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(
        hostileQuery,
        fc.constantFrom('/v1/listings', '/v1/listings/', '/v1/sources', '/v1/properties'),
        async (query, path) => {
          const url = path + query
          const response = await inject('GET', url, { 'x-api-key': KEY })
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1)
          expect(check('GET', url, response)).toEqual([])
          expect([200, 304, 400]).toContain(response.statusCode)
          if (response.statusCode === 400) {
            // Every message is written by us and names its parameter; none of the validator's own wording.
            const { errors } = response.json() as { errors: { parameter: string; message: string }[] }
            for (const { parameter, message } of errors)
              expect(
                message.startsWith(`${parameter} `) || message === `unknown parameter ${parameter}`,
              ).toBe(true)
          }
          if (response.statusCode === 200 && path.startsWith('/v1/listings')) {
            const body = response.json() as {
              data: unknown[]
              meta: { total: number; page: number; page_size: number }
            }
            expect(Number.isInteger(body.meta.total) && body.meta.total >= 0).toBe(true)
            expect(body.data.length).toBeLessThanOrEqual(body.meta.page_size)
          }
        },
      ),
      { ...options, numRuns: 2_000 },
    )
    // The generator reaches both sides of validation.
    expect(statuses.get(200)).toBeGreaterThan(50)
    expect(statuses.get(400)).toBeGreaterThan(500)
  }, 120_000)

  it('hostile paths and methods, with and without a key: 2xx/304/4xx, problem+json for every error', async () => {
    await fc.assert(
      fc.asyncProperty(
        hostilePath,
        hostileMethod,
        fc.boolean(),
        fc.option(fc.string({ unit: 'binary', maxLength: 3_000 })),
        fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'x/x; charset=bogus',
          '',
        ),
        async (path, method, withKey, payload, contentType) => {
          const headers: Record<string, string> = withKey ? { 'x-api-key': KEY } : {}
          if (payload !== null && contentType) headers['content-type'] = contentType
          const response = await inject(method, path, headers, payload ?? undefined)
          expect(check(method, path, response)).toEqual([])
        },
      ),
      { ...options, numRuns: 1_200 },
    )
  }, 120_000)

  it('hostile keys, If-None-Match values and giant or odd headers', async () => {
    const home = fixture.store.sqlite
      .prepare('select bag_id from golden_records where bag_id in (select bag_id from listings) limit 1')
      .pluck()
      .get() as string
    await fc.assert(
      fc.asyncProperty(
        hostileApiKey(KEY),
        fc.option(hostileIfNoneMatch),
        fc.dictionary(
          fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/),
          fc.oneof(
            fc.string({ maxLength: 50 }),
            fc.integer({ min: 1, max: 64_000 }).map((n) => 'h'.repeat(n)),
          ),
          { maxKeys: 4 },
        ),
        fc.constantFrom('/v1/listings?city=Amsterdam', `/v1/properties/${home}`, '/v1/sources', '/healthz'),
        async (key, ifNoneMatch, extra, url) => {
          const headers: Record<string, string> = { ...extra, 'x-api-key': key }
          if (ifNoneMatch !== null) headers['if-none-match'] = ifNoneMatch
          const response = await inject('GET', url, headers)
          expect(check('GET', url, response)).toEqual([])
        },
      ),
      { ...options, numRuns: 1_000 },
    )
  }, 120_000)
})

describe(`bad input never becomes a 500 (raw bytes over real HTTP, seed ${RESILIENCE_SEED})`, () => {
  let port = 0
  beforeAll(async () => {
    await fixture.app.listen({ port: 0, host: '127.0.0.1' })
    port = (fixture.app.server.address() as AddressInfo).port
  })

  it('what Node refuses before any route runs is a problem+json too: 400, 431, and 400 without Host', async () => {
    const cases: [string, number][] = [
      [`GET /v1/listings HTTP/1.1\r\nHost: x\r\nX-Giant: ${'g'.repeat(20_000)}\r\n\r\n`, 431],
      ['GET /v1/listings HTTP/1.1\r\nHost: x\r\nbad header\r\n\r\n', 400],
      ['\u0000\u0001garbage\r\n\r\n', 400],
      [`GET /v1/listings HTTP/1.1\r\nX-API-Key: ${KEY}\r\n\r\n`, 400],
    ]
    for (const [request, status] of cases) {
      const response = await sendRaw(port, Buffer.from(request, 'latin1'))
      expect(response.statusCode, request.slice(0, 60)).toBe(status)
      expect(answerProblems({ method: 'GET', url: request.slice(0, 60) }, response)).toEqual([])
    }
  })

  it('hostile request lines, headers and garbage: every answer is 2xx/304/4xx, errors as problem+json', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { weight: 8, arbitrary: hostileRawRequest(KEY) },
          {
            weight: 1,
            arbitrary: fc
              .uint8Array({ minLength: 1, maxLength: 200 })
              // Only CR and LF is no request at all: HTTP ignores empty lines before a request line, so the server
              // rightly waits for one (its timeouts close the connection) instead of answering. fast-check found it.
              .filter((b) => b.some((byte) => byte !== 10 && byte !== 13))
              .map((b) => Buffer.concat([Buffer.from(b), Buffer.from('\r\n\r\n')])),
          },
        ),
        async (request) => {
          const firstLine = request.subarray(0, 200).toString('latin1').split('\r\n')[0] ?? ''
          const response = await sendRaw(port, request)
          const method = firstLine.split(' ')[0] ?? ''
          expect(answerProblems({ method, url: JSON.stringify(firstLine) }, response)).toEqual([])
        },
      ),
      { ...options, numRuns: 300 },
    )
  }, 120_000)
})
