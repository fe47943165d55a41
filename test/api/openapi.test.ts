import { gzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { get, KEY, useSampleApi } from '../helpers/api-fixture.js'

const fixture = useSampleApi()

type Json = Record<string, unknown>
interface Operation {
  operationId?: string
  tags?: string[]
  parameters?: { name: string; in: string; schema: Json }[]
  responses: Record<string, Json>
}
let doc: {
  servers?: { url: string }[]
  tags: { name: string }[]
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Json; responses: Record<string, Json> }
}
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  )
const parameter = (path: string, name: string) =>
  doc.paths[path]!.get!.parameters!.find((p) => p.name === name)!.schema

beforeAll(async () => {
  doc = (await get(fixture, '/openapi.json', {})).json()
})

describe('the OpenAPI document keeps the rules its linters check', () => {
  it('has servers, and no $id or $schema inside (JSON Schema 2020-12 forbids $id with a fragment)', () => {
    expect(doc.servers?.length).toBeGreaterThan(0)
    const text = JSON.stringify(doc)
    expect(text).not.toContain('"$id"')
    expect(text).not.toContain('"$schema"')
  })

  it('gives every operation a unique operationId and tags it declares', () => {
    const ids = operations().map(({ operation }) => operation.operationId)
    expect(ids.every((id) => typeof id === 'string')).toBe(true)
    expect(new Set(ids).size).toBe(ids.length)
    const tags = new Set(doc.tags.map((t) => t.name))
    for (const { operation } of operations()) {
      expect(operation.tags?.length).toBeGreaterThan(0)
      for (const tag of operation.tags ?? []) expect(tags).toContain(tag)
    }
  })

  it('declares every error as application/problem+json, and a 304 on every /v1 operation', () => {
    for (const { path, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue
        const name = String(response.$ref).split('/').pop()!
        expect(Object.keys(doc.components.responses[name]!.content as Json)).toEqual([
          'application/problem+json',
        ])
      }
      if (path.startsWith('/v1/')) expect(operation.responses['304']).toBeDefined()
    }
  })

  it('types numbers as numbers, with their bounds, and gives ids and postcodes their patterns', () => {
    expect(parameter('/v1/listings', 'min_price')).toMatchObject({ type: 'number', minimum: 0 })
    expect(parameter('/v1/listings', 'max_price')).toMatchObject({ type: 'number', minimum: 0 })
    expect(parameter('/v1/listings', 'page')).toMatchObject({ type: 'integer', minimum: 1 })
    expect(parameter('/v1/listings', 'page_size')).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 100,
    })
    expect(parameter('/v1/properties/{bag_id}', 'bag_id')).toMatchObject({ pattern: '^\\d{16}$' })
    const listing = doc.components.schemas.Listing as { properties: Record<string, Json> }
    expect(listing.properties.id).toMatchObject({ pattern: expect.stringContaining('lis_') })
    expect(JSON.stringify(listing.properties.address)).toContain('[A-Z]{2}$')
  })
})

describe('dates and timestamps: one format per kind', () => {
  /** Names of fields that hold a date or a moment. */
  const DATE_NAME = /(_at|_date|_seen|_since|(^|_)as_of|^last_success)$/
  const DATE = /^\d{4}-\d{2}-\d{2}$/
  const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

  /** A schema with its reference followed and a nullable one's non-null member taken. */
  const resolved = (schema: Json): Json => {
    if (typeof schema.$ref === 'string') {
      const name = schema.$ref.split('/').pop()!
      return resolved(doc.components.schemas[name] as Json)
    }
    const members = schema.anyOf as Json[] | undefined
    const value = members?.filter((m) => m.type !== 'null')
    return value?.length === 1 ? resolved(value[0]!) : schema
  }

  it('gives every date-ish property and parameter in the document format date or date-time', () => {
    const found: string[] = []
    const visit = (node: unknown, where: string) => {
      if (node === null || typeof node !== 'object') return
      const object = node as Json
      for (const [name, schema] of Object.entries((object.properties ?? {}) as Record<string, Json>)) {
        if (!DATE_NAME.test(name)) continue
        found.push(`${where}/${name}`)
        expect(['date', 'date-time'], `${where}/${name}`).toContain(resolved(schema).format)
      }
      if (typeof object.name === 'string' && object.in === 'query' && DATE_NAME.test(object.name))
        expect(resolved(object.schema as Json).format, `${where} ${object.name}`).toBe('date')
      for (const [key, value] of Object.entries(object)) visit(value, `${where}/${key}`)
    }
    visit(doc, '')
    // Every kind of answer has some: listings, records and their provenance, sources, the health check.
    for (const name of [
      'listed_at',
      'verified_at',
      'observed_at',
      'woz_reference_date',
      'data_as_of',
      'published_at',
    ])
      expect(
        found.some((f) => f.endsWith(`/${name}`)),
        name,
      ).toBe(true)
  })

  it('answers every date as YYYY-MM-DD and every timestamp as ISO 8601 with its zone, as the document says', async () => {
    const bagId = fixture.store.sqlite
      .prepare(
        "select bag_id from golden_records where bag_id in (select bag_id from listings) and provenance_json like '%,[[%' limit 1",
      )
      .pluck()
      .get() as string
    const answers: [string, string][] = [
      ['/v1/listings?page_size=100', '#/paths/~1v1~1listings/get'],
      [`/v1/properties/${bagId}`, '#/paths/~1v1~1properties~1{bag_id}/get'],
      ['/v1/sources', '#/paths/~1v1~1sources/get'],
      ['/healthz', '#/paths/~1healthz/get'],
    ]
    const kinds = new Map<string, Set<string>>()
    /** Walks an answer beside its schema: each date-ish string is of its schema's format. */
    const walk = (value: unknown, schema: Json, where: string) => {
      if (value === null || Object.keys(schema).length === 0) return
      const at = resolved(schema)
      if (typeof value === 'object') {
        for (const [key, v] of Object.entries(value)) {
          const item = Array.isArray(value)
            ? (at.items as Json)
            : (at.properties as Record<string, Json>)?.[key]
          walk(v, item ?? {}, `${where}/${key}`)
        }
        return
      }
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return
      const name = where.replace(/\/\d+/g, '/*')
      kinds.set(name, (kinds.get(name) ?? new Set()).add(String(at.format)))
      expect(value, `${where} (format ${at.format})`).toMatch(at.format === 'date' ? DATE : TIMESTAMP)
    }
    for (const [url, operation] of answers) {
      const res = await get(fixture, url)
      expect(res.statusCode, url).toBe(200)
      const pointer = operation
        .slice(2)
        .split('/')
        .map((p) => p.replaceAll('~1', '/'))
      let schema: unknown = doc
      for (const part of [...pointer, 'responses', '200', 'content', 'application/json', 'schema'])
        schema = (schema as Json)[part]
      walk(res.json(), schema as Json, url.split('?')[0]!)
    }
    // A field is of one kind in every answer: provenance from a register and from a listing source alike.
    for (const [name, formats] of kinds) expect([...formats], name).toHaveLength(1)
    expect(kinds.get('/v1/properties/*/provenance/surface_area/conflicts/*/observed_at')).toEqual(
      new Set(['date']),
    )
  })
})

describe('the conformance check of every answer (test/helpers/openapi-conformance.ts)', () => {
  const listings = '/v1/listings?city=Delft'
  it('passes an answer the document describes', async () => {
    const res = await get(fixture, listings)
    expect(
      fixture.conformance({
        method: 'GET',
        url: listings,
        statusCode: 200,
        headers: res.headers,
        body: res.rawPayload,
      }),
    ).toEqual([])
  })

  it('catches a status, media type, body or header the document does not describe', async () => {
    const ok = await get(fixture, listings)
    const okBody = ok.json() as Json
    const exchange = {
      method: 'GET',
      url: listings,
      statusCode: 200,
      headers: ok.headers,
      body: ok.rawPayload,
    }
    const body = (value: unknown) => Buffer.from(JSON.stringify(value))
    const problem = { type: 'https://propdata.dev/problems/x', title: 'x', status: 401, detail: 'x' }
    const cases: [string, Parameters<typeof fixture.conformance>[0]][] = [
      ['status not documented', { ...exchange, statusCode: 418 }],
      ['content-type', { ...exchange, headers: { ...ok.headers, 'content-type': 'text/plain' } }],
      ["required property 'meta'", { ...exchange, body: body({ data: [] }) }],
      ['must NOT have additional properties', { ...exchange, body: body({ ...okBody, extra: 1 }) }],
      ['no ETag header', { ...exchange, headers: { ...ok.headers, etag: undefined } }],
      ['RateLimit', { ...exchange, headers: { ...ok.headers, ratelimit: 'lots' } }],
      [
        'content-type application/json',
        { ...exchange, statusCode: 401, headers: { ...ok.headers, 'content-type': 'application/json' } },
      ],
      [
        'no Retry-After header',
        {
          ...exchange,
          statusCode: 429,
          headers: { ...ok.headers, 'content-type': 'application/problem+json' },
          body: body({ ...problem, status: 429 }),
        },
      ],
      [
        'body/status',
        {
          ...exchange,
          url: '/nowhere',
          statusCode: 404,
          headers: { 'content-type': 'application/problem+json' },
          body: body({ ...problem, status: 'four' }),
        },
      ],
      [
        'body/meta/total',
        {
          ...exchange,
          headers: { ...ok.headers, 'content-encoding': 'gzip' },
          body: gzipSync(body({ ...okBody, meta: { total: -1, page: 1, page_size: 20 } })),
        },
      ],
    ]
    for (const [expected, bad] of cases) {
      const problems = fixture.conformance(bad)
      expect(problems.join('\n'), expected).toContain(expected)
    }
  })

  it('runs on every answer the fixture injects', async () => {
    const before = fixture.answersChecked
    await get(fixture, '/v1/sources')
    await fixture.app.inject({ url: '/v1/listings?page=0', headers: { 'x-api-key': KEY } })
    await fixture.app.inject('/healthz')
    expect(fixture.answersChecked).toBe(before + 3)
  })
})
