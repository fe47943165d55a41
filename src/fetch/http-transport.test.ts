import { describe, expect, it } from 'vitest'
import { OPEN, TEST_USER_AGENT, useHarness } from '../../test/fetch/harness.js'
import { FetchError } from '../errors.js'
import { createHttpTransport, decodeBody } from './index.js'

const h = useHarness()
const latin1 = (s: string) => Buffer.from(s, 'latin1')

describe('http transport', () => {
  it('sends our honest User-Agent, which an adapter header cannot replace', async () => {
    const site = await h.site({ '/a': { body: 'a' } })
    const { fetcher } = h.fetcher()
    await fetcher.fetch(
      { url: site.url('/a'), headers: { 'User-Agent': 'Mozilla/5.0 (pretend)', 'x-test': '1' } },
      OPEN,
    )
    const seen = site.requests.find((r) => r.path === '/a')!
    expect(seen.headers['user-agent']).toBe(TEST_USER_AGENT)
    expect(seen.headers['x-test']).toBe('1')
    expect(seen.headers['accept-language']).toMatch(/^nl-NL/)
  })

  it('asks for a page conditionally when given its validators, and hands a 304 back as an answer', async () => {
    const etag = '"v1"'
    const site = await h.site({
      '/a': (request) =>
        request.headers['if-none-match'] === etag
          ? { status: 304, headers: { etag }, body: '' }
          : { headers: { etag }, body: 'a' },
    })
    const { fetcher, events } = h.fetcher()
    const validators = { etag, lastModified: 'Fri, 27 Nov 2026 01:00:00 GMT' }
    const response = await fetcher.fetch({ url: site.url('/a'), validators }, OPEN)
    expect([response.status, response.body, response.headers.etag]).toEqual([304, '', etag])
    const seen = site.requests.find((r) => r.path === '/a')!
    expect(seen.headers['if-none-match']).toBe(etag)
    expect(seen.headers['if-modified-since']).toBe(validators.lastModified)
    // Not a failure: no retry.
    expect(events.filter((e) => e.type === 'retry')).toEqual([])
  })

  it('follows redirects and reports the final URL', async () => {
    const site = await h.site({
      '/old': (_q, response) => void response.writeHead(301, { location: '/new' }).end(),
      '/new': { body: 'moved here' },
    })
    const { fetcher } = h.fetcher()
    const response = await fetcher.fetch({ url: site.url('/old') }, OPEN)
    expect([response.url, response.body]).toEqual([site.url('/new'), 'moved here'])
  })

  it('decodes the charset the header declares, else the one a <meta> declares, else UTF-8', async () => {
    const site = await h.site({
      // 0x80 is € in windows-1252 (and a control character in strict latin-1).
      '/header': {
        headers: { 'content-type': 'text/html; charset=windows-1252' },
        body: Buffer.concat([latin1('Café '), Buffer.from([0x80]), latin1(' 1.250')]),
      },
      '/meta': {
        headers: { 'content-type': 'text/html' },
        body: latin1('<html><head><meta charset="iso-8859-1"></head><body>Hôtel</body>'),
      },
      '/utf8': { headers: { 'content-type': 'text/html' }, body: 'Café' },
    })
    const { fetcher } = h.fetcher()
    expect((await fetcher.fetch({ url: site.url('/header') }, OPEN)).body).toBe('Café € 1.250')
    expect((await fetcher.fetch({ url: site.url('/meta') }, OPEN)).body).toContain('Hôtel')
    expect((await fetcher.fetch({ url: site.url('/utf8') }, OPEN)).body).toBe('Café')
    expect(decodeBody(new Uint8Array([0xff, 0xfe]), 'text/plain; charset=no-such')).toBe('\ufffd\ufffd')
  })

  it('refuses a chunked body that grows past the limit, without reading it all', async () => {
    const site = await h.site({
      '/bomb': (_q, response) => {
        response.writeHead(200, { 'content-type': 'text/html' })
        const chunk = 'x'.repeat(64 * 1024)
        for (let i = 0; i < 64; i++) response.write(chunk)
        response.end()
        return undefined
      },
    })
    const transport = createHttpTransport()
    h.onClose(() => transport.close())
    const options = { signal: new AbortController().signal, userAgent: TEST_USER_AGENT, timeoutMs: 5_000 }
    const error = await transport
      .fetch({ url: site.url('/bomb') }, { ...options, maxBodyBytes: 256 * 1024 })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FetchError)
    expect((error as Error).message).toBe('Body exceeds the 262144-byte limit')
  })
})
