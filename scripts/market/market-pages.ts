import { fundaDetailPage, fundaSearchPages } from '../sample/funda-pages.js'
import { huurwoningenDetailPage, huurwoningenSearchPages } from '../sample/huurwoningen-pages.js'
import { kamernetSearchPages } from '../sample/kamernet-pages.js'
import { parariusDetailPage, parariusSearchPages } from '../sample/pararius-pages.js'
import { SAMPLE_ROBOTS } from '../sample/robots.js'
import type { SampleOffer, SamplePage } from '../sample/sample-home.js'
import type { Market, MarketOffer, MarketSite } from './market-state.js'

/**
 * The key a page is found by: the path with its query parameters sorted (so `search_result=2` matches wherever it
 * stands), and for a JSON search POST the city and page its body asks for.
 */
export function pageKey(url: string, body?: string): string {
  const u = new URL(url)
  const params = [...u.searchParams]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${value}`)
    .join('&')
  const key = `${u.pathname}?${params}`
  if (!body) return key
  try {
    const sent = JSON.parse(body) as { citySlug?: string; pageNo?: number }
    return `${key}#${sent.citySlug}/${sent.pageNo ?? 1}`
  } catch {
    return `${key}#unreadable`
  }
}

/** Newest first, as the sites sort by default: a new offer lands on page 1 and moves the rest down. */
const newestFirst = (a: MarketOffer, b: MarketOffer) =>
  (b.offer.listedAt ?? '').localeCompare(a.offer.listedAt ?? '') || a.siteId.localeCompare(b.siteId)

/** Every list page of `site` as the market stands now, by {@link pageKey}, from the sample's page writers. */
export function listPages(market: Market, site: MarketSite): Map<string, SamplePage> {
  const byCity = new Map<string, SampleOffer[]>()
  for (const o of market.listed(site).sort(newestFirst)) {
    const city = o.offer.home.city
    byCity.set(city, [...(byCity.get(city) ?? []), o.offer])
  }
  const pages: SamplePage[] = []
  for (const city of market.cities) {
    const offers = byCity.get(city.name) ?? []
    if (site === 'funda') {
      pages.push(
        ...fundaSearchPages(
          offers.filter((o) => o.type === 'buy'),
          'buy',
          city,
        ),
      )
      pages.push(
        ...fundaSearchPages(
          offers.filter((o) => o.type === 'rent'),
          'rent',
          city,
        ),
      )
    } else if (site === 'pararius') pages.push(...parariusSearchPages(offers, city))
    else if (site === 'huurwoningen') pages.push(...huurwoningenSearchPages(offers, city))
    else pages.push(...kamernetSearchPages(offers, city))
  }
  return new Map(pages.map((page) => [pageKey(page.url, page.requestBody), page]))
}

/** An offer's detail page in its site's format; Kamernet has none. */
export function detailPage(market: Market, o: MarketOffer): SamplePage | null {
  const city = market.cities.find((c) => c.name === o.offer.home.city)
  if (o.site === 'funda') return fundaDetailPage(o.offer)
  if (!city) return null
  if (o.site === 'pararius') return parariusDetailPage(o.offer, city)
  if (o.site === 'huurwoningen') return huurwoningenDetailPage(o.offer, city)
  return null
}

/** The site's robots.txt, as the sample has it. */
export function robotsPage(origin: string): SamplePage | null {
  return SAMPLE_ROBOTS.find((page) => page.url === `${origin}/robots.txt`) ?? null
}

/**
 * A list page after the site changed its layout: the markup the adapter reads is renamed (Treehouse's card class,
 * Funda's Nuxt state, Kamernet's `listings` array), as a redesign would.
 */
export function changedLayout(site: MarketSite, body: string): string {
  if (site === 'funda') return body.replaceAll('__NUXT_DATA__', '__APP_STATE__')
  if (site === 'kamernet') return body.replace('"listings":', '"results":')
  return body.replaceAll('listing-search-item', 'search-result-card')
}
