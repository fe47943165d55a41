import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it, vi } from 'vitest'
import { get, useSampleApi } from '../helpers/api-fixture.js'

/**
 * Every Golden Record of the sample, as `GET /v1/properties/{bag_id}` answered it before valuations moved from read
 * time to publish time, with the sample ingested at a fixed moment (the valuation date and the listings' dates
 * follow the clock). The answers now must be the same, field by field, apart from the fields added since:
 * `rent_regulation` on the record, `max_legal_rent`, `above_legal_max` and its reason on its listings.
 *
 * `PROPDATA_CAPTURE_BODIES=1 npx vitest run test/api/property-bodies.test.ts` rewrites the file from the tree it runs
 * in; do that only on a tree whose answers are known to be right (the sample changed, say).
 */
const BODIES = join(import.meta.dirname, 'sample-property-bodies.json.gz')
const CAPTURE = process.env.PROPDATA_CAPTURE_BODIES === '1'

/** The fields added to the record and to each of its listings since the capture. */
const ADDED_TO_RECORD = ['rent_regulation']
const ADDED_TO_LISTING = ['max_legal_rent', 'above_legal_max', 'above_legal_max_reason']

// Only Date is faked: the run and the API keep their real timers.
vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-01T10:00:00Z') })
const fixture = useSampleApi({ rateLimitPerMinute: 1_000_000 })

/** A body without the fields added since the capture. */
function asCaptured(body: Record<string, unknown>): Record<string, unknown> {
  const record = Object.fromEntries(Object.entries(body).filter(([k]) => !ADDED_TO_RECORD.includes(k)))
  record.listings = (body.listings as Record<string, unknown>[]).map((listing) =>
    Object.fromEntries(Object.entries(listing).filter(([k]) => !ADDED_TO_LISTING.includes(k))),
  )
  return record
}

describe('the property answers of the sample', () => {
  it('are what they were when homes were valued at read time, field by field', async () => {
    const ids = fixture.store.sqlite
      .prepare('select bag_id from golden_records order by bag_id')
      .pluck()
      .all() as string[]
    const bodies: [string, Record<string, unknown>][] = []
    for (const id of ids) {
      const res = await get(fixture, `/v1/properties/${id}`)
      expect(res.statusCode).toBe(200)
      bodies.push([id, asCaptured(JSON.parse(res.body))])
    }
    if (CAPTURE || !existsSync(BODIES)) {
      expect(CAPTURE, `${BODIES} is missing: capture it`).toBe(true)
      writeFileSync(BODIES, gzipSync(JSON.stringify(bodies), { level: 9 }))
      return
    }
    const captured = new Map(
      JSON.parse(gunzipSync(readFileSync(BODIES)).toString('utf8')) as [string, Record<string, unknown>][],
    )
    expect(ids).toEqual([...captured.keys()])
    for (const [id, body] of bodies) expect(body, id).toEqual(captured.get(id))
  }, 120_000)
})
