import type { OfferType } from '../../src/kit/index.js'

/** Funda's origin; every listing and search URL is on it. */
export const FUNDA_ORIGIN = 'https://www.funda.nl'

/** Funda shows 15 results per search page. */
export const RESULTS_PER_PAGE = 15

/**
 * A search URL: `/zoeken/{koop|huur}?selected_area=["amsterdam"]&object_type=["house","apartment"]`, the values
 * JSON in the query as Funda writes them; without the object type, rentals include parking spaces and berths.
 */
export function searchUrl(type: OfferType, citySlug: string, page = 1): string {
  const params = new URLSearchParams({
    selected_area: JSON.stringify([citySlug]),
    object_type: JSON.stringify(['house', 'apartment']),
  })
  if (page > 1) params.set('search_result', String(page))
  return `${FUNDA_ORIGIN}/zoeken/${type === 'rent' ? 'huur' : 'koop'}?${params}`
}

/** The same search, one page further. */
export function nextSearchUrl(url: string): string {
  const next = new URL(url)
  next.searchParams.set('search_result', String(Number(next.searchParams.get('search_result') ?? '1') + 1))
  return next.href
}

/** The result page a search URL shows (1 when it does not say). */
export const searchPageOf = (url: string): number =>
  Math.max(1, Number(new URL(url).searchParams.get('search_result') ?? '1') || 1)

/** `/detail/{huur|koop}/{city}/{type}-{street}-{nr}/{tinyId}/`: the offer type and the tiny id. */
export function readDetailUrl(url: string): { type: OfferType; tinyId: string } | null {
  const match = /\/detail\/(huur|koop)\/[^/]+\/[^/]+\/(\d{6,})\/?$/.exec(new URL(url).pathname)
  return match ? { type: match[1] === 'huur' ? 'rent' : 'buy', tinyId: match[2]! } : null
}
