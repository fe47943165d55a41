import { describe, expect, it } from 'vitest'
import { createPage, listingSchema, ParseError } from '../../src/kit/index.js'
import marktplaats from './adapter.js'
import { searchRequest } from './search-request.js'

const respond = (body: unknown, offset = 0) => {
  const request = searchRequest('2611BC', offset)
  return marktplaats.parseListPage(createPage(request, request.url, 200, JSON.stringify(body)))
}
const ad = (itemId: string, title: string, priceInfo = { priceCents: 60000, priceType: 'FIXED' }) => ({
  itemId,
  title,
  priceInfo,
  location: { cityName: 'Delft' },
  vipUrl: `/v/huizen-en-kamers/kamers-te-huur/${itemId}`,
  categoryId: 2771,
})

describe('marktplaats search', () => {
  it('searches around the postcode of each city it knows, for rentals only', () => {
    const [request] = marktplaats.startRequests({ cities: ['Den Haag', 'Nergenshuizen'], types: ['rent'] })
    expect(request?.url).toContain('postcode=2511CV')
    expect(marktplaats.startRequests({ cities: ['Delft'], types: ['buy'] })).toEqual([])
  })
  it('asks for the next page while there are more results the site will show', () => {
    const listings = [ad('m1', 'Kamer te huur')]
    expect(respond({ listings, totalResultCount: 45, maxAllowedPageNumber: 2 }).nextRequest?.url).toContain(
      'offset=30',
    )
    expect(
      respond({ listings, totalResultCount: 45, maxAllowedPageNumber: 2 }, 30).nextRequest,
    ).toBeUndefined()
  })
  it('skips ads that name no home, and reads bids without an amount as on request', () => {
    const out = respond({
      listings: [
        ad('m1', 'Eettafel'),
        ad('m2', 'Studio in centrum', { priceCents: 0, priceType: 'MIN_BID' }),
      ],
      totalResultCount: 2,
    })
    expect(out.listings).toEqual([
      expect.objectContaining({ sourceListingId: 'm2', price: null, priceOnRequest: true }),
    ])
  })
  it('gives a "Gratis" room no rent, so validation rejects it', () => {
    const [free] = respond({
      listings: [ad('m3', 'Kamer', { priceCents: 0, priceType: 'FREE' })],
      totalResultCount: 1,
    }).listings!
    expect(listingSchema.safeParse(free).success).toBe(false)
  })
  it('says an empty search has no results, and throws ParseError for another answer', () => {
    expect(respond({ listings: [], totalResultCount: 0 })).toMatchObject({ noResults: true })
    expect(() => respond({ items: [] })).toThrow(ParseError)
  })
})
