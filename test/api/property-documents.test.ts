import { describe, expect, it } from 'vitest'
import { buildPropertyDocuments, type DocumentChunk } from '../../src/api/build-property-documents.js'
import { createPropertyDocuments } from '../../src/api/property-documents.js'
import { createReadModel } from '../../src/api/read-model.js'
import { openStore } from '../../src/store/database.js'
import { bumpGeneration } from '../../src/store/publication.repository.js'
import { get, KEY, useSampleApi } from '../helpers/api-fixture.js'

const fixture = useSampleApi()

/** Every body of a build, by id, decoded. */
function bodies(chunks: Iterable<DocumentChunk>): Map<string, string> {
  const out = new Map<string, string>()
  for (const chunk of chunks) {
    expect(chunk.offsets.length).toBe(chunk.ids.length + 1)
    chunk.ids.forEach((id, i) => {
      out.set(id, Buffer.from(chunk.bytes.subarray(chunk.offsets[i], chunk.offsets[i + 1])).toString())
    })
  }
  return out
}

/** The answers the read model gives on demand, with nothing built ahead. */
function onDemand(ids: readonly string[]): Map<string, string> {
  const model = createReadModel(fixture.store)
  return new Map(ids.map((id) => [id, String(model.property(id).body)]))
}

const goldenIds = () =>
  fixture.store.sqlite.prepare('select bag_id from golden_records order by bag_id').pluck().all() as string[]

describe('property documents built ahead', () => {
  it('are byte for byte the answers read on demand, across pages and chunks', () => {
    // Small pages and chunks, so page and chunk boundaries fall between (and next to) homes with listings.
    const built = bodies(
      buildPropertyDocuments(fixture.store, { maxBytes: 1e9, chunkBytes: 16_384, pageSize: 7 }),
    )
    const ids = goldenIds()
    expect(ids.length).toBeGreaterThan(400)
    expect([...built.keys()]).toEqual(ids)
    expect(built).toEqual(onDemand(ids))
    // Homes with listings are among them, with their listings inside.
    const withListings = [...built.values()].filter((b) => JSON.parse(b).listings.length > 0)
    expect(withListings.length).toBeGreaterThan(100)
  })

  it('stop at the memory cap with a prefix of the records, and say so', () => {
    const build = buildPropertyDocuments(fixture.store, { maxBytes: 50_000, chunkBytes: 16_384 })
    const chunks: DocumentChunk[] = []
    let next = build.next()
    for (; !next.done; next = build.next()) chunks.push(next.value)
    const summary = next.value
    const built = bodies(chunks)
    expect(summary.complete).toBe(false)
    expect(summary.bytes).toBeLessThanOrEqual(50_000)
    expect(summary.entries).toBe(built.size)
    expect([...built.keys()]).toEqual(goldenIds().slice(0, built.size))
  })

  it('are built by the server in a worker, served, and dropped for a new generation', async () => {
    const metric = async (name: string) => {
      const text = (await fixture.app.inject({ method: 'GET', url: '/metrics' })).body
      return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1])
    }
    await get(fixture, '/v1/properties/0000000000000000') // the first request starts the build
    await expect.poll(() => metric('propdata_property_documents_ready'), { timeout: 20_000 }).toBe(1)
    const ids = goldenIds()
    expect(await metric('propdata_property_documents')).toBe(ids.length)
    expect(await metric('propdata_property_documents_bytes')).toBeGreaterThan(ids.length * 300)
    const expected = onDemand(ids.slice(0, 60))
    for (const [id, body] of expected) {
      const response = await get(fixture, `/v1/properties/${id}`)
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(response.body).toBe(body)
    }

    // A publish: the next answer must come from the new data at once, not from the documents of the old one.
    const id = ids[0]!
    const before = await get(fixture, `/v1/properties/${id}`)
    const writer = await openStore(fixture.config.dbPath)
    try {
      writer.sqlite.transaction(() => {
        writer.sqlite.prepare('update golden_records set year_built = 1234 where bag_id = ?').run(id)
        bumpGeneration(writer, null, new Date().toISOString())
      })()
    } finally {
      await writer.close()
    }
    const after = await get(fixture, `/v1/properties/${id}`)
    expect(after.headers.etag).not.toBe(before.headers.etag)
    expect(JSON.parse(after.body).building.year_built).toBe(1234)
    await expect.poll(() => metric('propdata_property_documents_ready'), { timeout: 20_000 }).toBe(1)
    const rebuilt = await get(fixture, `/v1/properties/${id}`, { 'x-api-key': KEY })
    expect(rebuilt.body).toBe(after.body)
    expect(rebuilt.headers.etag).toBe(after.headers.etag)
  })
})

describe('a build that fails', () => {
  it('is reported, serves nothing, and leaves answers on demand', async () => {
    const errors: Error[] = []
    const documents = createPropertyDocuments('/nonexistent/propdata.db', 1e6, (e) => errors.push(e))
    try {
      documents.use(1)
      await expect.poll(() => errors.length, { timeout: 20_000 }).toBeGreaterThan(0)
      expect(documents.stats()).toMatchObject({ ready: false, entries: 0 })
      expect(documents.stats().error).toMatch(/nonexistent|directory|unable to open/i)
      expect(documents.get('0363010000000001', 1)).toBeUndefined()
    } finally {
      await documents.close()
    }
  })
})
