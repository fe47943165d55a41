import type { SourceRequest } from '../../src/kit/index.js'

export const ENDPOINT = 'https://api.holland2stay.com/graphql/'
const PAGE_SIZE = 30

/** Holland2Stay's `available_to_book` option ids: bookable first come, first served, or in the weekly lottery. */
export const OFFERED_STATUSES = ['179', '336']

/**
 * The residences query, asking only for the fields this adapter reads. Select attributes come back as option ids;
 * the aggregations name them.
 */
const QUERY = `query GetCategories($pageSize: Int, $currentPage: Int, $filters: ProductAttributeFilterInput) {
  products(pageSize: $pageSize, currentPage: $currentPage, filter: $filters) {
    aggregations { attribute_code options { label value } }
    items {
      name sku city url_key available_to_book living_area no_of_rooms energy_label basic_rent
      price_range { minimum_price { regular_price { value } } }
    }
    page_info { total_pages }
    total_count
  }
}`

/** The POST body of one page of residences on offer, everywhere Holland2Stay lets. */
export function productsBody(currentPage: number): string {
  return JSON.stringify({
    operationName: 'GetCategories',
    variables: { pageSize: PAGE_SIZE, currentPage, filters: { available_to_book: { in: OFFERED_STATUSES } } },
    query: QUERY,
  })
}

/** One page of residences on offer. */
export const productsRequest = (currentPage: number): SourceRequest => ({
  url: ENDPOINT,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: productsBody(currentPage),
  label: 'list',
})
