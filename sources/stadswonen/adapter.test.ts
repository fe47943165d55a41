import { describe, expect, it } from 'vitest'
import { createPage, ParseError } from '../../src/kit/index.js'
import stadswonen, { searchRequest } from './adapter.js'

const respond = (body: unknown) => {
  const request = searchRequest(1)
  return stadswonen.parseListPage(createPage(request, request.url, 200, JSON.stringify(body)))
}
const item = (id: string) => ({
  id,
  name: 'Coolhaven 222A 1',
  url: `${id}-coolhaven`,
  category: 'rent',
  price: 498.2,
})

describe('stadswonen aanbod responses', () => {
  it('asks for the offer only when the scope wants rentals in Rotterdam', () => {
    expect(stadswonen.startRequests({ cities: ['Rotterdam'], types: ['rent'] })).toHaveLength(1)
    expect(stadswonen.startRequests({ cities: ['Delft'], types: ['rent'] })).toEqual([])
    expect(stadswonen.startRequests({ cities: ['Rotterdam'], types: ['buy'] })).toEqual([])
  })
  it('asks for the next page while there are more items', () => {
    const next = respond({ items: [item('a')], paging: { size: 1, page: 1, total: 2 } }).nextRequest
    expect(next?.url).toContain(encodeURIComponent('page:2'))
    expect(
      respond({ items: [item('b')], paging: { size: 1, page: 2, total: 2 } }).nextRequest,
    ).toBeUndefined()
  })
  it('says an empty offer has no results, and skips items that are not for rent', () => {
    expect(respond({ items: [], paging: { size: 100, page: 1, total: 0 } })).toMatchObject({
      noResults: true,
    })
    const sale = { ...item('c'), category: 'buy' }
    expect(respond({ items: [sale], paging: { size: 100, page: 1, total: 1 } }).listings).toEqual([])
  })
  it('throws ParseError when the response is not the aanbod JSON', () => {
    expect(() => respond({ results: [] })).toThrow(ParseError)
  })
})
