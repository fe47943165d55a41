import { describe, expect, it } from 'vitest'
import { dutchDate } from '../../src/kit/dutch-date.js'
import { readPublication } from '../../src/store/publication.repository.js'
import { get, useSampleApi } from '../helpers/api-fixture.js'

const fixture = useSampleApi({ rateLimitPerMinute: 1_000_000 })

const rentalHomes = () =>
  fixture.store.sqlite
    .prepare(
      `select distinct g.bag_id from golden_records g join listings l on l.bag_id = g.bag_id
        where l.type = 'rent' and g.surface_area is not null order by g.bag_id`,
    )
    .pluck()
    .all() as string[]

describe('the rent the law allows, on the sample', () => {
  it('is on every rental home with an area, as a range of points on the publish date', async () => {
    const policyDate = dutchDate(new Date(readPublication(fixture.store).published_at))
    const homes = rentalHomes()
    expect(homes.length).toBeGreaterThan(200)
    for (const id of homes) {
      const { rent_regulation: regulation } = JSON.parse((await get(fixture, `/v1/properties/${id}`)).body)
      expect(regulation, id).toMatchObject({
        points: { low: expect.any(Number) },
        sector: { low: expect.any(String), high: expect.any(String) },
        max_rent: { low: expect.any(Number) },
        policy_date: policyDate,
        missing: expect.any(Array),
      })
      expect(regulation.points.high ?? Number.POSITIVE_INFINITY).toBeGreaterThanOrEqual(regulation.points.low)
    }
  })

  it('is null for a home that is not a dwelling', async () => {
    const id = fixture.store.sqlite
      .prepare("select bag_id from golden_records where use_purpose not like '%woonfunctie%' limit 1")
      .pluck()
      .get() as string | undefined
    if (id === undefined) return
    expect(JSON.parse((await get(fixture, `/v1/properties/${id}`)).body).rent_regulation).toBeNull()
  })

  it("gives every rental listing its home's legal maximum and the comparison, with a reason when there is none", async () => {
    const body = JSON.parse((await get(fixture, '/v1/listings?type=rent&page_size=100')).body)
    expect(body.data.length).toBeGreaterThan(50)
    for (const listing of body.data) {
      expect(listing, listing.id).toHaveProperty('above_legal_max')
      if (listing.above_legal_max === null)
        expect(listing.above_legal_max_reason, listing.id).toEqual(expect.any(String))
      if (listing.bag_id === null) expect(listing.above_legal_max_reason).toBe('unresolved')
      else if (listing.dwelling_type === 'room')
        expect(listing.above_legal_max_reason).toBe('not-self-contained')
      else {
        const home = JSON.parse((await get(fixture, `/v1/properties/${listing.bag_id}`)).body)
        expect(listing.max_legal_rent).toEqual(home.rent_regulation.max_rent)
      }
    }
  })

  it('leaves sale listings without it', async () => {
    const body = JSON.parse((await get(fixture, '/v1/listings?type=buy&page_size=5')).body)
    for (const listing of body.data) expect(listing).not.toHaveProperty('above_legal_max')
  })
})
