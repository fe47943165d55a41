import { describe, expect, it } from 'vitest'
import { cityKey } from '../../src/normalise/index.js'
import { useServedSample } from '../helpers/served-sample.js'

const sample = useServedSample()

describe('one name per place on the served sample', () => {
  it('shows every place by one name, resolved to the BAG or not', async () => {
    const names = new Map<string, Set<string>>()
    for (const l of await sample.allListings()) {
      const city = l.address.city ?? ''
      names.set(cityKey(city), (names.get(cityKey(city)) ?? new Set()).add(city))
    }
    for (const shown of names.values()) expect([...shown]).toHaveLength(1)
    expect([...names.get(cityKey('Den Haag'))!]).toEqual(['Den Haag'])
  })

  it("finds the same listings by every alias, and the BAG's records say the same name", async () => {
    const byName = await sample.allListings('&city=Den%20Haag')
    expect(byName.some((l) => l.bag_id === null)).toBe(true)
    expect(byName.some((l) => l.bag_id !== null)).toBe(true)
    for (const alias of ["'s-Gravenhage", 'den haag', 'The Hague'])
      expect((await sample.allListings(`&city=${encodeURIComponent(alias)}`)).map((l) => l.id)).toEqual(
        byName.map((l) => l.id),
      )
    expect(new Set(byName.map((l) => l.address.city))).toEqual(new Set(['Den Haag']))
    const resolved = byName.find((l) => l.bag_id !== null)!
    const record = await sample.get<{ address: { city: string } }>(`/v1/properties/${resolved.bag_id}`)
    expect(record.address.city).toBe('Den Haag')
  })
})
