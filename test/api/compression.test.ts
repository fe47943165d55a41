import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { get, KEY, useSampleApi } from '../helpers/api-fixture.js'

const fixture = useSampleApi()
const home = () =>
  fixture.store.sqlite
    .prepare('select bag_id from golden_records where bag_id in (select bag_id from listings) limit 1')
    .pluck()
    .get() as string
const ask = (url: string, acceptEncoding?: string) =>
  get(fixture, url, { 'x-api-key': KEY, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) })

describe('compression', () => {
  const page = '/v1/listings?page_size=100'

  it('sends gzip or brotli to a client that accepts it, the same JSON in fewer bytes', async () => {
    const plain = await ask(page)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toContain('Accept-Encoding')
    for (const [accept, coding, decode] of [
      ['gzip', 'gzip', gunzipSync],
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['br;q=0.5, gzip', 'gzip', gunzipSync],
    ] as const) {
      // Twice: the second answer comes from the cache of compressed bodies.
      for (let i = 0; i < 2; i++) {
        const res = await ask(page, accept)
        expect(res.statusCode).toBe(200)
        expect(res.headers['content-encoding']).toBe(coding)
        expect(res.headers.vary).toContain('Accept-Encoding')
        expect(res.headers['content-type']).toMatch(/^application\/json/)
        expect(res.rawPayload.length).toBe(Number(res.headers['content-length']))
        expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5)
        expect(decode(res.rawPayload).toString()).toBe(plain.body)
        expect(res.headers.etag).toBe(plain.headers.etag)
      }
    }
  })

  it('compresses Golden Records and the sources too', async () => {
    for (const url of [`/v1/properties/${home()}`, '/v1/sources']) {
      const plain = await ask(url)
      const res = await ask(url, 'gzip')
      expect(res.headers['content-encoding']).toBe('gzip')
      expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toMatchObject({
        ...(url.includes('sources') ? {} : JSON.parse(plain.body)),
      })
    }
  })

  it('leaves small bodies alone, and answers 304 to the ETag of either form', async () => {
    const empty = await ask('/v1/listings?city=Atlantis', 'gzip, br')
    expect(empty.headers['content-encoding']).toBeUndefined()
    expect(empty.json()).toMatchObject({ data: [] })
    const compressed = await ask(page, 'br')
    const revalidated = await get(fixture, page, {
      'x-api-key': KEY,
      'if-none-match': compressed.headers.etag as string,
    })
    expect(revalidated.statusCode).toBe(304)
    expect(revalidated.headers.vary).toContain('Accept-Encoding')
  })

  it('sends as it is what the client does not accept', async () => {
    for (const accept of ['identity', 'gzip;q=0', 'deflate', 'gzip;q=NaN']) {
      const res = await ask(page, accept)
      expect(res.headers['content-encoding']).toBeUndefined()
      expect(res.json()).toMatchObject({ meta: { page_size: 100 } })
    }
  })
})
