import { describe, expect, it } from 'vitest'
import { openStore } from '../../src/store/database.js'
import { bumpGeneration } from '../../src/store/publication.repository.js'
import { get, useSampleApi } from '../helpers/api-fixture.js'

const fixture = useSampleApi()

describe('a property answer', () => {
  it('is the same from the cache as read, and comes from the new data at once after a publish', async () => {
    const id = fixture.store.sqlite
      .prepare('select bag_id from golden_records order by bag_id limit 1')
      .pluck()
      .get() as string
    // Three times: the first two are read (the second is kept), the third comes from the cache.
    const answers = [await get(fixture, `/v1/properties/${id}`)]
    for (let i = 0; i < 2; i++) answers.push(await get(fixture, `/v1/properties/${id}`))
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200)
      expect(answer.body).toBe(answers[0]!.body)
      expect(answer.headers.etag).toBe(answers[0]!.headers.etag)
    }
    expect(fixture.app.readModel.stats().propertyResponses.entries).toBeGreaterThan(0)

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
    expect(after.headers.etag).not.toBe(answers[0]!.headers.etag)
    expect(JSON.parse(after.body).building.year_built).toBe(1234)
  })
})
