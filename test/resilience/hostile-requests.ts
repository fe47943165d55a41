import fc from 'fast-check'

/** The parameters the routes take, so random queries often reach validation rather than only the unknown-key check. */
const KNOWN_KEYS = [
  'city',
  'min_price',
  'max_price',
  'type',
  'page',
  'page_size',
  'status',
  'postcode',
  'number',
  'letter',
  'addition',
]

/** Keys that mean something to JavaScript objects or to query-string parsers. */
const NASTY_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
  '__proto__[city]',
  'constructor[prototype][x]',
  'city[]',
  'page[0]',
  'city.name',
  '',
  ' ',
  'CITY',
  'city ',
  'city\u0000',
]

/** Values that break naive number parsing, string handling or SQL. */
const NASTY_VALUES = [
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '+0',
  '0',
  '00001',
  '1e309',
  '1e-309',
  '9'.repeat(400),
  '0.000000000000000000001',
  '12.345',
  '0x10',
  '0b11',
  '１２',
  '٣',
  '1_000',
  '1,5',
  '-1',
  '4294967296',
  '9007199254740993',
  '999999999999.99',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '[object Object]',
  "'; drop table listings; --",
  '" or 1=1 --',
  '%',
  '%%',
  '\u0000',
  '\uFEFF',
  '\uD800',
  '💩',
  "'s-Gravenhage",
  'A'.repeat(101),
  'x'.repeat(10_000),
  'rent',
  'buy',
  'withdrawn',
]

/** Raw percent escapes: valid UTF-8, invalid UTF-8, overlong forms, truncated and malformed escapes. */
const ESCAPES = [
  '%00',
  '%0a',
  '%0d%0a',
  '%C3%28',
  '%A0%A1',
  '%E2%82',
  '%E2%28%A1',
  '%F0%28%8C%BC',
  '%C0%AF',
  '%ED%A0%80',
  '%FF',
  '%',
  '%G1',
  '%2',
  '%%32%30',
  '%252e',
  '%u0041',
  '%26',
  '%3D',
  '%23',
  '%2e%2e%2f',
]

// Lone surrogates cannot be percent-encoded; raw escapes (ESCAPES) cover invalid UTF-8 instead.
const encodePart = (s: string) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/gu, '\uFFFD'))

/** A query key or value: plain, percent-encoded, or laced with raw escapes. */
function component(base: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: base.map(encodePart) },
    {
      weight: 2,
      arbitrary: fc.tuple(base, fc.constantFrom(...ESCAPES), fc.nat(3)).map(([s, e, at]) => {
        const plain = encodePart(s)
        const cut = Math.min(plain.length, at)
        return plain.slice(0, cut) + e + plain.slice(cut)
      }),
    },
    {
      weight: 1,
      arbitrary: fc.array(fc.constantFrom(...ESCAPES), { minLength: 1, maxLength: 4 }).map((e) => e.join('')),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }).map(encodePart) },
  )
}

const key = component(
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...KNOWN_KEYS) },
    { weight: 2, arbitrary: fc.constantFrom(...NASTY_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  ),
)
const value = component(
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        'Amsterdam',
        'utrecht',
        'Den Haag',
        '1',
        '2',
        '20',
        '100',
        '1500',
        '1012ES',
        '1012 es',
        '25',
        'A',
        'H',
      ),
    },
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_VALUES) },
    { weight: 1, arbitrary: fc.double().map(String) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  ),
)

/** A query string of 0–6 pairs: repeated keys, keys without values, odd separators. */
export const hostileQuery: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 5, arbitrary: fc.tuple(key, value).map(([k, v]) => `${k}=${v}`) },
      { weight: 1, arbitrary: key },
      { weight: 1, arbitrary: fc.tuple(key, value, value).map(([k, a, b]) => `${k}=${a}=${b}`) },
    ),
    { maxLength: 6 },
  )
  .chain((pairs) =>
    fc
      .constantFrom('&', '&', '&', '&&', ';', '&amp;')
      .map((sep) => (pairs.length > 0 ? `?${pairs.join(sep)}` : '')),
  )

/** Paths: the real routes with hostile ids, traversal, doubled slashes, encoded separators, very long paths. */
export const hostilePath: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '/v1/properties/',
    '/v1/properties/%00',
    '/v1/properties/..%2f..%2fetc%2fpasswd',
    '/v1/properties/../../etc/passwd',
    '/v1/../v1/listings',
    '/v1/./listings',
    '//v1//listings',
    '/v1/listings/..',
    '/v1/%6c%69%73%74%69%6e%67%73',
    '/v1/LISTINGS',
    '/V1/listings',
    '/v1/properties/0363010000000001/',
    '/v1/properties/0363010000000001/extra',
    '/v1/properties/0363010000000001%00',
    '/v1/properties/-363010000000001',
    '/v1/properties/+363010000000001',
    '/v1/properties/036301000000000١',
    '/v1/properties/99999999999999999',
    '/v1/properties/0000000000000000',
    '/v1/properties/__proto__',
    '/v1/properties/constructor',
    '/v1/sources/x',
    '/healthz/',
    '/metrics/x',
    '/openapi.json/..',
    '/docs/../openapi.json',
    '/docs/static/../../package.json',
    '/docs/static/%2e%2e/%2e%2e/package.json',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/.env',
    '/v1/listings%3Fcity=Delft',
    '/v1/listings#frag',
    '/favicon.ico',
    '/',
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }).map((s) => `/v1/properties/${encodePart(s)}`),
  component(fc.string({ maxLength: 30 })).map((s) => `/v1/properties/${s}`),
  fc.array(component(fc.string({ maxLength: 8 })), { maxLength: 6 }).map((parts) => `/v1/${parts.join('/')}`),
  fc.integer({ min: 100, max: 70_000 }).map((n) => `/v1/properties/${'1'.repeat(n)}`),
  fc.integer({ min: 100, max: 70_000 }).map((n) => `/v1/${'a/'.repeat(Math.floor(n / 2))}`),
)

/** HTTP methods, common and odd. */
export const hostileMethod = fc.constantFrom(
  'GET',
  'GET',
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'OPTIONS',
  'TRACE',
  'PROPFIND',
  'SEARCH',
  'QUERY',
)

/** `If-None-Match` values, well-formed and not. */
export const hostileIfNoneMatch = fc.oneof(
  fc.constantFrom(
    '*',
    '"v1-g1"',
    'W/"v1-g1"',
    '"v1-g999999999999999999999"',
    '"',
    '""',
    'W/',
    ',,,',
    '", "',
    '"v1-g1", W/"*", *',
    'v1-g1',
    '\u0000',
    '"\u00ff"',
    `"${'x'.repeat(8_000)}"`,
    Array.from({ length: 2_000 }, () => '"a"').join(','),
  ),
  fc.string({ maxLength: 40 }),
)

/** API keys, right and wrong: empty, overlong, with control characters, a valid key with padding. */
export function hostileApiKey(valid: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(valid) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '',
        ' ',
        `${valid} `,
        ` ${valid}`,
        valid.toUpperCase(),
        `${valid}\u0000`,
        'k'.repeat(201),
        'k'.repeat(100_000),
        '\u0001\u0002',
        "' or 1=1 --",
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  )
}

/** What every answer of the API must be: 2xx, 304 or 4xx; a body valid for its type; errors as problem+json. */
export function answerProblems(
  request: { method: string; url: string },
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
): string[] {
  const problems: string[] = []
  const { statusCode: status, body } = response
  const type = String(response.headers['content-type'] ?? '')
  const where = `${request.method} ${request.url.slice(0, 200)} → ${status}`
  const ok = (status >= 200 && status < 300) || status === 304 || (status >= 400 && status < 500)
  if (!ok) problems.push(`${where}: status out of range (${body.slice(0, 200)})`)
  if (status === 304 || request.method === 'HEAD' || status === 204) return problems
  if (status >= 400) {
    if (!type.startsWith('application/problem+json')) problems.push(`${where}: content-type ${type}`)
    try {
      const problem = JSON.parse(body) as Record<string, unknown>
      if (problem.status !== status) problems.push(`${where}: body status ${String(problem.status)}`)
      for (const field of ['type', 'title', 'detail'])
        if (typeof problem[field] !== 'string') problems.push(`${where}: no ${field}`)
    } catch {
      problems.push(`${where}: not JSON: ${body.slice(0, 200)}`)
    }
  } else if (type.includes('json')) {
    try {
      JSON.parse(body)
    } catch {
      problems.push(`${where}: not JSON: ${body.slice(0, 200)}`)
    }
  } else if (!/^(text\/(html|css|plain|javascript)|application\/javascript|image\/)/.test(type)) {
    problems.push(`${where}: unexpected content-type ${type}`)
  }
  return problems
}

/** Request lines and headers a browser or fetch would never send, as raw bytes for {@link sendRaw}. */
export function hostileRawRequest(validKey: string): fc.Arbitrary<Buffer> {
  const method = fc.oneof(
    { weight: 6, arbitrary: hostileMethod },
    { weight: 1, arbitrary: fc.constantFrom('get', 'G ET', 'GET\u0000', 'BREW', 'M'.repeat(300), '', 'PRI') },
  )
  const target = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom('/v1/listings', '/v1/sources'), hostileQuery)
        .map(([p, q]) => p + q),
    },
    { weight: 2, arbitrary: hostilePath },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '*',
        'http://127.0.0.1/v1/listings',
        'http://evil.example/v1/listings?city=Delft',
        '/v1/listings?city=Den Haag',
        '/v1/listings?city=\u00e9\u00e8',
        '/v1/listings?city=\u0001',
        '/v1/listings?city=\u007f',
        'v1/listings',
        '',
        `/v1/listings?city=${'a'.repeat(20_000)}`,
      ),
    },
  )
  const version = fc.constantFrom(
    'HTTP/1.1',
    'HTTP/1.1',
    'HTTP/1.1',
    'HTTP/1.0',
    'HTTP/2.0',
    'HTTP/9.9',
    'HTTP/1.1 x',
    '',
  )
  const header = fc.oneof(
    fc.constant(`x-api-key: ${validKey}`),
    hostileApiKey(validKey).map((k) => `X-API-Key: ${k}`),
    hostileIfNoneMatch.map((v) => `If-None-Match: ${v}`),
    fc.constantFrom(
      'Host: 127.0.0.1',
      'Host: ',
      'Host: a b',
      'X-Api-Key:',
      'no colon here',
      ' leading-space: x',
      'bad name: x',
      '\u0000: x',
      'X-Folded: a\r\n  continued',
      'Content-Length: -1',
      'Content-Length: abc',
      'Content-Length: 0\r\nContent-Length: 5',
      'Transfer-Encoding: chunked',
      'Transfer-Encoding: gzip, chunked',
      'Transfer-Encoding: bogus',
      'Expect: 100-continue',
      'Connection: keep-alive, Upgrade',
      'Upgrade: websocket',
      `X-Giant: ${'g'.repeat(20_000)}`,
      `X-Api-Key: ${'k'.repeat(17_000)}`,
      'Accept: application/xml',
      'Accept-Encoding: gzip;q=NaN',
      'X-Forwarded-For: 10.0.0.1, ::1, garbage',
      'Cookie: __proto__=x',
    ),
  )
  const body = fc.option(
    fc.constantFrom('', '0\r\n\r\n', 'zz\r\nnot a chunk\r\n', '{"a":1}', 'x'.repeat(5_000)),
  )
  return fc
    .tuple(method, target, version, fc.boolean(), fc.array(header, { maxLength: 4 }), body)
    .map(([m, t, v, host, headers, b]) => {
      const lines = [`${m} ${t} ${v}`.trimEnd(), ...(host ? ['Host: 127.0.0.1'] : []), ...headers]
      // Every request ends the connection: the first answer is the one checked.
      lines.push('Connection: close')
      return Buffer.concat([
        Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8'),
        Buffer.from(b ?? '', 'utf8'),
      ])
    })
}
