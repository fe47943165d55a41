import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createPage, listingSchema, ParseError } from '../../src/kit/index.js'
import housinganywhere from './adapter.js'
import { cityFilter, ENDPOINT, queryBody } from './algolia-query.js'

const recorded = JSON.parse(
  readFileSync(join(import.meta.dirname, 'fixtures', 'list-delft-rotterdam-den-haag-excerpt.json'), 'utf8'),
)
const hits = recorded.results[0].hits as Record<string, unknown>[]
const answer = (over: Record<string, unknown>, page = 0) =>
  housinganywhere.parseListPage(
    createPage(
      { url: ENDPOINT, method: 'POST', body: queryBody(cityFilter('Delft'), page), label: 'list' },
      ENDPOINT,
      200,
      JSON.stringify({ results: [{ ...recorded.results[0], ...over }] }),
    ),
  )

describe('housinganywhere search answers', () => {
  it('POSTs one search per city, naming Den Haag as the index does', () => {
    const [request] = housinganywhere.startRequests({ cities: ['Den Haag'], types: ['rent'] })
    expect(request).toMatchObject({ url: ENDPOINT, method: 'POST', label: 'list' })
    expect(JSON.parse(request!.body!).requests[0]).toMatchObject({
      indexName: 'production_listings_most_recent',
      page: 0,
      filters: 'isSearchable:true AND exclusivityPartnerIDs:0 AND city:"The Hague"',
    })
    expect(housinganywhere.startRequests({ cities: ['Delft'], types: ['buy'] })).toEqual([])
  })

  it('reads a recorded hit, and gives a room no area (its size is the whole house’s)', () => {
    const [flat, room] = answer({}).listings!
    expect(listingSchema.parse(flat)).toMatchObject({
      sourceListingId: 'ut1739453',
      url: 'https://housinganywhere.com/room/ut1739453/nl/Rotterdam/insulindestraat',
      price: 1400,
      surfaceArea: 65,
      dwellingType: 'apartment',
      street: 'Insulindestraat',
      city: 'Rotterdam',
      listedAt: '2026-09-10',
    })
    expect(room).toMatchObject({ dwellingType: 'room', surfaceArea: null })
  })

  it('names The Hague Den Haag, and keeps one listing per unit let for several periods', () => {
    const hague = { ...hits[0], city: 'The Hague' }
    const listings = answer({ hits: [hague, { ...hits[0], objectID: 'listing-2436251-20270101' }] }).listings!
    expect(listings).toHaveLength(1)
    expect(listings[0]!.city).toBe('Den Haag')
  })

  it('leaves out a hit that is not searchable', () => {
    expect(answer({ hits: [{ ...hits[0], isSearchable: false }] }).listings).toEqual([])
  })

  it('asks for the next page while there is one, and stops on the last', () => {
    expect(JSON.parse(answer({}).nextRequest!.body!).requests[0]).toMatchObject({ page: 1 })
    expect(answer({ page: 7 }, 7).nextRequest).toBeUndefined()
  })

  it('says an empty search has no results, and throws ParseError on another answer', () => {
    expect(answer({ hits: [], nbHits: 0, nbPages: 0 })).toMatchObject({ listings: [], noResults: true })
    const other = createPage({ url: ENDPOINT, label: 'list' }, ENDPOINT, 200, '{"message":"Invalid API key"}')
    expect(() => housinganywhere.parseListPage(other)).toThrow(ParseError)
  })
})
