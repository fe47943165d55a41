import { describe, expect, it } from 'vitest'
import { createPage, ParseError } from '../../src/kit/index.js'
import vesteda from './adapter.js'

const URL = 'https://www.vesteda.com/api/units/search/facet'
const respond = (results: unknown) =>
  vesteda.parseListPage(
    createPage({ url: URL, method: 'POST', label: 'list' }, URL, 200, JSON.stringify({ results })),
  )
const unit = (id: number, status: number) => ({
  id,
  url: `/nl/huurwoningen-delft/x-${id}`,
  city: 'Delft',
  status,
})

describe('vesteda unit search', () => {
  it('POSTs one search around each city it knows, and none for a city it cannot place', () => {
    const requests = vesteda.startRequests({ cities: ['Den Haag', 'Nergenshuizen'], types: ['rent'] })
    expect(requests).toHaveLength(1)
    expect(JSON.parse(requests[0]!.body!)).toMatchObject({ place: 'Den Haag', radius: 5 })
    expect(vesteda.startRequests({ cities: ['Delft'], types: ['buy'] })).toEqual([])
  })
  it('skips rented units and whole complexes', () => {
    const complex = { ...unit(3, 1), entitytypeid: 2 }
    const out = respond({ objects: [unit(1, 1), unit(2, 2), complex], objectsCount: 3 })
    expect(out.listings?.map((l) => l.sourceListingId)).toEqual(['1'])
  })
  it('says an empty search has no results', () => {
    expect(respond({ objects: [], objectsCount: 0 })).toMatchObject({ listings: [], noResults: true })
  })
  it('throws ParseError when the answer is not the unit search', () => {
    expect(() => respond(undefined)).toThrow(ParseError)
  })
})
