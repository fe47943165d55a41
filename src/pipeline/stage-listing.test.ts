import { describe, expect, it } from 'vitest'
import { createStageClock } from '../clock/stage-clock.js'
import type { Listing } from '../kit/listing.js'
import { cityKey, normaliseCity } from '../normalise/index.js'
import type { ResolveInput } from '../resolve/index.js'
import { normaliseStageRows, rawStageRow } from './stage-listing.js'

const listing = (i: number, city: string): Listing =>
  ({
    sourceListingId: `l${i}`,
    url: `https://example.test/${i}`,
    type: 'rent',
    price: 1000,
    priceOnRequest: false,
    surfaceArea: 50,
    rooms: 2,
    energyLabel: null,
    yearBuilt: null,
    dwellingType: null,
    street: `Kerkstraat ${i}`,
    houseNumber: null,
    postcode: i % 2 === 0 ? '1234 ab' : '1234AB',
    city,
    listedAt: null,
  }) as unknown as Listing

describe('normaliseStageRows', () => {
  it('normalises every row of a batch as the single functions do, repeated names and all, then resolves them in one batch', () => {
    // More distinct names than the cache keeps, each seen several times, so that it is filled and emptied.
    const names = [
      'DEN HAAG',
      "'s-Gravenhage",
      'alphen a/d rijn',
      ...Array.from({ length: 12_000 }, (_, i) => `Plaats ${i}`),
    ]
    const rows = [...names, ...names.slice(0, 50), ...names.slice(-50)].map((city, i) =>
      rawStageRow(1, 'test', listing(i, city)),
    )
    const asked: ResolveInput[] = []
    const clock = createStageClock(['normalise', 'resolve', 'stage'])
    let batches = 0
    const resolve = (input: ResolveInput) => {
      asked.push(input)
      return { method: 'exact' as const, objectId: `vbo${asked.length}`, numId: null }
    }
    const resolver = {
      resolve,
      resolveAll: (inputs: readonly ResolveInput[]) => {
        batches += 1
        return inputs.map(resolve)
      },
    }
    normaliseStageRows(rows, resolver, clock)
    expect(batches).toBe(1)
    const all = [...names, ...names.slice(0, 50), ...names.slice(-50)]
    expect(rows.map((r) => [r.city, r.city_key])).toEqual(all.map((c) => [normaliseCity(c), cityKey(c)]))
    expect(rows[0]).toMatchObject({ city: 'Den Haag', city_key: 'sgravenhage', postcode: '1234 AB' })
    expect(rows[1]).toMatchObject({ street: 'Kerkstraat', house_number: '1', address_key: '1234AB:1' })
    expect(asked).toHaveLength(rows.length)
    expect(asked[0]).toMatchObject({ postcodeKey: '1234AB', streetKey: expect.any(String), surfaceArea: 50 })
    expect(rows.at(-1)!.bag_vbo_id).toBe(`vbo${rows.length}`)
    expect(clock.timings().normaliseMs).toBeGreaterThan(0)
  })
})
