import { fundaDetailPage, fundaSearchPages } from '../sample/funda-pages.js'
import { huurwoningenDetailPage, huurwoningenSearchPages } from '../sample/huurwoningen-pages.js'
import { kamernetSearchPages } from '../sample/kamernet-pages.js'
import { parariusDetailPage, parariusSearchPages } from '../sample/pararius-pages.js'
import { isPresetSite, WHOLE_OFFER_PAGES } from '../sample/preset-sites.js'
import { SAMPLE_ROBOTS } from '../sample/robots.js'
import type { SampleOffer, SamplePage } from '../sample/sample-home.js'
import type { Market, MarketOffer, MarketSite } from './market-state.js'

/** The one search of a whole-offer site: every place at once. */
const WHOLE_OFFER = 'whole offer'

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

/**
 * The search an offer's card is listed under: its place, and on Funda, which searches buy and rent apart, its type;
 * on a whole-offer site, its one list. A search is one chain of list pages, from the first to the last.
 */
export function searchOf(site: MarketSite, offer: SampleOffer): string {
  if (isPresetSite(site)) return WHOLE_OFFER
  return site === 'funda' ? `${offer.type} ${offer.home.city}` : offer.home.city
}

/**
 * Every list page of `site` as the market stands now, by search ({@link searchOf}) and then by {@link pageKey},
 * from the sample's page writers as they write the market's day (its cards' badges, photo URLs and ages). A search
 * with no offers still has its first page.
 */
export function listPagesBySearch(market: Market, site: MarketSite): Map<string, Map<string, SamplePage>> {
  const bySearch = new Map<string, SampleOffer[]>()
  for (const o of market.listed(site).sort(newestFirst)) {
    const search = searchOf(site, o.offer)
    bySearch.set(search, [...(bySearch.get(search) ?? []), o.offer])
  }
  const out = new Map<string, Map<string, SamplePage>>()
  const add = (search: string, pages: readonly SamplePage[]) =>
    out.set(search, new Map(pages.map((page) => [pageKey(page.url, page.requestBody), page])))
  if (isPresetSite(site)) {
    add(WHOLE_OFFER, [WHOLE_OFFER_PAGES[site](bySearch.get(WHOLE_OFFER) ?? [])])
    return out
  }
  for (const city of market.cities) {
    const search = (type: 'buy' | 'rent') => `${type} ${city.name}`
    if (site === 'funda')
      for (const type of ['buy', 'rent'] as const)
        add(search(type), fundaSearchPages(bySearch.get(search(type)) ?? [], type, city, market.date))
    else {
      const offers = bySearch.get(city.name) ?? []
      if (site === 'pararius') add(city.name, parariusSearchPages(offers, city, market.date))
      else if (site === 'huurwoningen') add(city.name, huurwoningenSearchPages(offers, city, market.date))
      else add(city.name, kamernetSearchPages(offers, city))
    }
  }
  return out
}

/** Every list page of `site` as the market stands now, by {@link pageKey}. */
export const listPages = (market: Market, site: MarketSite): Map<string, SamplePage> =>
  new Map([...listPagesBySearch(market, site).values()].flatMap((pages) => [...pages]))

/** An offer's detail page in its site's format; Kamernet and the whole-offer sites have none. */
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
 * Funda's Nuxt state, Kamernet's `listings` array, Zig's `result` list), or OGonline's array comes wrapped in an
 * object, as a redesign would.
 */
export function changedLayout(site: MarketSite, body: string): string {
  if (site === 'funda') return body.replaceAll('__NUXT_DATA__', '__APP_STATE__')
  if (site === 'kamernet') return body.replace('"listings":', '"results":')
  if (site === 'plaza') return body.replace('"result":', '"objects":')
  if (site === 'verra-makelaars') return `{"listings":${body}}`
  return body.replaceAll('listing-search-item', 'search-result-card')
}
