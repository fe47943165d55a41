import { describe, expect, it } from 'vitest'
import { createPage, ParseError } from '../../src/kit/index.js'
import holland2stay from './adapter.js'
import { ENDPOINT, productsRequest } from './products-query.js'

const respond = (products: unknown, currentPage = 1) =>
  holland2stay.parseListPage(
    createPage(productsRequest(currentPage), ENDPOINT, 200, JSON.stringify({ data: { products } })),
  )
const aggregations = [{ attribute_code: 'city', options: [{ label: 'Delft', value: '1' }] }]
const item = (sku: string, status = '179') => ({
  name: 'Kade 1-2',
  sku,
  url_key: sku,
  city: '1',
  available_to_book: status,
  price_range: { minimum_price: { regular_price: { value: 900 } } },
})

describe('holland2stay products', () => {
  it('POSTs the residences query, and asks for the next page until the last', () => {
    const [request] = holland2stay.startRequests({ cities: ['Delft'], types: ['rent'] })
    expect(JSON.parse(request!.body!)).toMatchObject({ variables: { currentPage: 1 } })
    const first = respond({
      aggregations,
      items: [item('a')],
      page_info: { total_pages: 2 },
      total_count: 31,
    })
    expect(JSON.parse(first.nextRequest!.body!)).toMatchObject({ variables: { currentPage: 2 } })
    const last = respond(
      { aggregations, items: [item('b')], page_info: { total_pages: 2 }, total_count: 31 },
      2,
    )
    expect(last.nextRequest).toBeUndefined()
  })
  it('names the city from the aggregations and skips units not on offer', () => {
    const out = respond({
      aggregations,
      items: [item('a'), item('b', '385')],
      page_info: { total_pages: 1 },
      total_count: 2,
    })
    expect(out.listings).toEqual([
      expect.objectContaining({ sourceListingId: 'a', city: 'Delft', price: 900 }),
    ])
  })
  it('says an empty offer has no results', () => {
    expect(respond({ items: [], page_info: { total_pages: 0 }, total_count: 0 })).toMatchObject({
      noResults: true,
    })
  })
  it('throws ParseError when the answer is not the products query', () => {
    expect(() => respond(null)).toThrow(ParseError)
  })
})
