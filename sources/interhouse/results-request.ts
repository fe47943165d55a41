import type { SourceRequest } from '../../src/kit/index.js'

/** Interhouse's search page loads its results from this WordPress AJAX endpoint, one POST per result page. */
export const RESULTS_URL = 'https://interhouse.nl/wp-admin/admin-ajax.php'

const ACTION = 'building_results_action'
const RESULTS_PER_PAGE = '18'

/**
 * The `query` the site's own search form sends: rentals (`offer=huur`) in one city, newest first, one page of
 * results. The city is matched by name, as the form's autocomplete fills it in.
 */
export function resultsQuery(city: string, page: number): string {
  const query = new URLSearchParams({
    offer: 'huur',
    search_terms: city,
    search_type: 'city',
    search_city: city,
    number_of_results: RESULTS_PER_PAGE,
    sort: 'date-desc',
    display: 'grid',
    paging: String(page),
    language: 'nl_NL',
  })
  return `?${query}`
}

/** The POST that answers with one page of result cards for a query. */
export function resultsRequest(query: string): SourceRequest {
  return {
    url: RESULTS_URL,
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded; charset=UTF-8',
      'x-requested-with': 'XMLHttpRequest',
    },
    body: new URLSearchParams({ action: ACTION, query }).toString(),
    label: 'list',
  }
}

/** The same search as the request that fetched a page, asking for another result page. */
export function resultsPageRequest(previousBody: string, page: number): SourceRequest {
  const query = new URLSearchParams(new URLSearchParams(previousBody).get('query') ?? '')
  query.set('paging', String(page))
  return resultsRequest(`?${query}`)
}
