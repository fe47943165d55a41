import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { EXPOSED_HEADERS } from './cors.js'

/** The media type of every error body (RFC 9457). */
export const PROBLEM_MEDIA_TYPE = 'application/problem+json'

type Json = Record<string, unknown>
const ref = (kind: 'headers' | 'responses' | 'schemas', name: string) => ({
  $ref: `#/components/${kind}/${name}`,
})

/** An IMF-fixdate, as Last-Modified is written. */
const HTTP_DATE =
  '^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [0-9]{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT$'

/** Every response header the API declares, once; responses refer to them. */
const HEADERS: Record<string, Json> = {
  ETag: {
    description:
      'Names the published generation the answer comes from (weak: the same data plain or compressed). Send it back in If-None-Match for a 304.',
    required: true,
    schema: { type: 'string', pattern: '^W/"[^"]+"$' },
  },
  'Last-Modified': {
    description:
      'When the data was published (for /v1/sources: its last run or publication). Send it back in If-Modified-Since for a 304.',
    required: true,
    schema: { type: 'string', pattern: HTTP_DATE },
  },
  'Cache-Control': {
    description: 'Data changes once a night: keep the answer 5 minutes, then revalidate.',
    required: true,
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description:
      'The rate limit of a key (IETF RateLimit headers draft): q requests per window of w seconds.',
    required: true,
    schema: { type: 'string', pattern: '^"[a-z]+";q=[0-9]+;w=[0-9]+$' },
  },
  RateLimit: {
    description: 'What is left of the limit: r requests, for the next t seconds.',
    required: true,
    schema: { type: 'string', pattern: '^"[a-z]+";r=[0-9]+;t=[0-9]+$' },
  },
  'Retry-After': {
    description: 'Seconds until the key may send requests again.',
    required: true,
    schema: { type: 'integer', minimum: 1 },
  },
  'Content-Location': {
    description:
      'Present when the id asked for names a listing merged into another (one home two sites showed without its house number): the path of the listing answered, relative to the request (`lis_2` from `/v1/listings/lis_1`).',
    required: false,
    schema: { type: 'string', pattern: '^lis_[1-9][0-9]*$' },
  },
  'Content-Encoding': {
    description: 'Present when the body is compressed: the client sent Accept-Encoding with gzip or br.',
    required: false,
    schema: { type: 'string', enum: ['gzip', 'br'] },
  },
}

const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': ref('headers', 'RateLimit-Policy'),
  RateLimit: ref('headers', 'RateLimit'),
}
const VALIDATOR_HEADERS = {
  ETag: ref('headers', 'ETag'),
  'Last-Modified': ref('headers', 'Last-Modified'),
  'Cache-Control': ref('headers', 'Cache-Control'),
}

/** A response whose body is a problem. */
const problemResponse = (description: string, headers: Json = RATE_LIMIT_HEADERS) => ({
  description,
  headers,
  content: { [PROBLEM_MEDIA_TYPE]: { schema: ref('schemas', 'Problem') } },
})

/** The answers every route shares, by name; an operation's error statuses refer to them. */
const RESPONSES: Record<string, Json> = {
  NotModified: {
    description: 'The client already has this answer (If-None-Match or If-Modified-Since): no body.',
    headers: { ...VALIDATOR_HEADERS, ...RATE_LIMIT_HEADERS },
  },
  BadRequest: problemResponse(
    'A parameter is unknown, repeated or malformed; `errors` names each and says why.',
  ),
  Unauthorized: problemResponse('The X-API-Key header is missing or not a valid key.'),
  NotFound: problemResponse('Nothing has this id or address.'),
  TooManyRequests: problemResponse(
    'The key sent more requests than its limit allows; retry after Retry-After seconds.',
    {
      ...RATE_LIMIT_HEADERS,
      'Retry-After': ref('headers', 'Retry-After'),
    },
  ),
  ServiceUnavailable: problemResponse('The server has no published data.', {}),
}

/** Which shared answer each error status is. */
const ERROR_RESPONSES: Record<string, string> = {
  '400': 'BadRequest',
  '401': 'Unauthorized',
  '404': 'NotFound',
  '429': 'TooManyRequests',
  '503': 'ServiceUnavailable',
}

/** What `@fastify/swagger` starts the document from; the routes add their paths, {@link finishDocument} the rest. */
const DOCUMENT: FastifyDynamicSwaggerOptions['openapi'] = {
  openapi: '3.1.0',
  info: {
    title: 'propdata API',
    version: '1.0.0',
    description: `Dutch housing data: listings from every connected site, deduplicated per home, and one Golden Record per BAG object with a back-tested valuation. Data changes once a night.

Every /v1 request needs an X-API-Key header. Errors are RFC 9457 problem details (application/problem+json). Answers carry ETag and Last-Modified (a 304 answers If-None-Match or If-Modified-Since), the IETF RateLimit-Policy and RateLimit headers, and are compressed for clients that accept gzip or br. Pages on other origins may call the API when the server allows their origin (CORS; exposed headers: ${EXPOSED_HEADERS}).`,
    contact: { name: 'propdata', url: 'https://github.com/propdata/propdata' },
    license: { name: 'MIT', identifier: 'MIT' },
  },
  servers: [{ url: '/', description: 'The server this document is served from' }],
  tags: [
    {
      name: 'Listings',
      description: 'Homes on offer, one listing per home and offer type across every site.',
    },
    {
      name: 'Properties',
      description: 'Golden Records: one per BAG object, with building data and a valuation.',
    },
    { name: 'Sources', description: 'The listing sites and registers, and how fresh their data is.' },
    { name: 'Health', description: 'Whether the server has data to serve; needs no key.' },
    {
      name: 'Status',
      description:
        'The figures of the operators’ status page (/status): needs no key, and is there only when the operator shows the page.',
    },
  ],
  components: {
    securitySchemes: {
      ApiKeyAuth: {
        type: 'apiKey',
        in: 'header',
        name: 'X-API-Key',
        description: 'A key from `propdata keys create`.',
      },
    },
  },
}

/** Headers the success answer of one operation may carry beside those of every /v1 answer, by operationId. */
const OPERATION_HEADERS: Record<string, Json> = {
  getListing: { 'Content-Location': ref('headers', 'Content-Location') },
}

/**
 * Gives every operation its complete answers: the shared error responses (problem+json, with their headers), the
 * 304 and the validator, rate-limit and coding headers of every /v1 answer, and the headers only some answers have.
 */
function finishOperation(path: string, operation: Json): void {
  const responses = operation.responses as Record<string, Json>
  const keyed = path.startsWith('/v1/')
  for (const [status, response] of Object.entries(responses)) {
    const shared = ERROR_RESPONSES[status]
    if (shared) responses[status] = ref('responses', shared)
    else if (status.startsWith('2')) {
      if (response.description === 'Default Response') response.description = String(operation.summary)
      response.headers = keyed
        ? {
            ...VALIDATOR_HEADERS,
            ...RATE_LIMIT_HEADERS,
            'Content-Encoding': ref('headers', 'Content-Encoding'),
            ...OPERATION_HEADERS[String(operation.operationId)],
          }
        : { 'Content-Encoding': ref('headers', 'Content-Encoding') }
    }
  }
  if (keyed) responses['304'] = ref('responses', 'NotModified')
}

/**
 * The schemas as JSON Schema 2020-12 wants them inside a document: no `$id` (zod names each by its place in the
 * document, a fragment, which 2020-12 forbids) and no `$schema` (the document's dialect applies); integers without
 * the safe-integer bounds zod states on every one.
 */
function tidySchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(tidySchema)
  if (schema === null || typeof schema !== 'object') return schema
  const out: Json = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$id' || key === '$schema') continue
    if ((key === 'minimum' || key === 'maximum') && Math.abs(value as number) === Number.MAX_SAFE_INTEGER)
      continue
    out[key] = tidySchema(value)
  }
  return out
}

/** The component schemas the document refers to, following references between schemas too. */
function referencedSchemas(document: Json, schemas: Record<string, unknown>): Record<string, unknown> {
  const used = new Set<string>()
  const visit = (text: string) => {
    for (const match of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      const name = match[1]!
      if (used.has(name) || !(name in schemas)) continue
      used.add(name)
      visit(JSON.stringify(schemas[name]))
    }
  }
  visit(JSON.stringify({ ...document, components: { ...(document.components as Json), schemas: {} } }))
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)))
}

/**
 * Completes the generated document: tidies the schemas (see {@link tidySchema}), drops those nothing refers to (zod
 * emits an input and an output form of each), and gives every operation its full answers ({@link finishOperation}).
 */
export function finishDocument(generated: Json): Json {
  const paths = generated.paths as Record<string, Record<string, Json>>
  for (const [path, item] of Object.entries(paths))
    for (const operation of Object.values(item)) finishOperation(path, operation)
  const components = generated.components as Json
  const document = tidySchema({
    ...generated,
    components: { ...components, headers: HEADERS, responses: RESPONSES },
  }) as Json
  const all = (document.components as Json).schemas as Record<string, unknown>
  ;(document.components as Json).schemas = referencedSchemas(document, all)
  return document
}

/** `@fastify/swagger`'s options: the document's frame, schemas from zod, and {@link finishDocument}. */
export const OPENAPI_OPTIONS: FastifyDynamicSwaggerOptions = {
  openapi: DOCUMENT,
  transform: jsonSchemaTransform,
  transformObject: (input) => finishDocument(jsonSchemaTransformObject(input) as Json) as never,
}
