import { describe, expect, it } from 'vitest'
import { createPage, ParseError } from '../../src/kit/index.js'
import kamernet, { searchBody } from './adapter.js'

const URL = 'https://kamernet.nl/services/api/listing/findlistings'
const respond = (body: unknown, pageNo = 1) =>
  kamernet.parseListPage(
    createPage(
      { url: URL, method: 'POST', body: searchBody('utrecht', 'Utrecht', pageNo), label: 'list' },
      URL,
      200,
      JSON.stringify(body),
    ),
  )
const room = (id: number) => ({
  listingId: id,
  street: 'Biltstraat',
  streetSlug: 'biltstraat',
  city: 'Utrecht',
  citySlug: 'utrecht',
  surfaceArea: 14,
  listingType: 1,
  totalRentalPrice: 650,
})

describe('kamernet search responses', () => {
  it('POSTs one search per city, in the shape Kamernet’s own page sends', () => {
    const [request] = kamernet.startRequests({ cities: ['Den Haag'], types: ['rent'] })
    expect(request).toMatchObject({ url: URL, method: 'POST', label: 'list' })
    expect(JSON.parse(request!.body!)).toMatchObject({ citySlug: 'den-haag', pageNo: 1, rowsPerPage: 20 })
    expect(kamernet.startRequests({ cities: ['Utrecht'], types: ['buy'] })).toEqual([])
  })
  it('asks for the next page while there are more results, and stops on the last', () => {
    const listings = Array.from({ length: 20 }, (_, i) => room(i + 1))
    expect(JSON.parse(respond({ listings, total: 45 }).nextRequest!.body!)).toMatchObject({ pageNo: 2 })
    expect(respond({ listings: listings.slice(0, 5), total: 45 }, 3).nextRequest).toBeUndefined()
  })
  it('says an empty search has no results', () => {
    expect(respond({ listings: [], topAdListings: [], total: 0 })).toMatchObject({
      listings: [],
      noResults: true,
    })
  })
  it('drops a promoted listing that repeats a regular one', () => {
    expect(
      respond({ listings: [room(1)], topAdListings: [room(1), room(2)], total: 2 }).listings,
    ).toHaveLength(2)
  })
  it('throws ParseError when the response is not the search JSON', () => {
    expect(() => respond({ error: 'nope' })).toThrow(ParseError)
    const html = createPage({ url: URL, label: 'list' }, URL, 200, '<html>Inloggen</html>')
    expect(() => kamernet.parseListPage(html)).toThrow(/Not a Kamernet findlistings response/)
  })
})
