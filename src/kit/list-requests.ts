import { z } from 'zod'
import { ParseError } from '../errors.js'
import type { CrawlScope, OfferType, SourceRequest } from './adapter.js'
import { toCitySlug } from './city-slug.js'
import type { Page } from './page.js'

/** The placeholder in a list URL that stands for each crawled city's slug (`den-haag`). */
export const CITY_PLACEHOLDER = '{city}'

const listUrl = z
  .string()
  .regex(/^https?:\/\/\S+$/, 'must be a web address (http or https), with {city} where a city goes')

/**
 * The search page of each offer type a site carries, as a site file writes it. A URL with `{city}` is asked once
 * per crawled city; one without is the site's whole offer, asked once whatever the cities.
 */
export const listUrlsSchema = z
  .object({ rent: listUrl.optional(), buy: listUrl.optional() })
  .strict()
  .refine((lists) => lists.rent !== undefined || lists.buy !== undefined, 'must give a rent or a buy URL')

/** A site file's list URLs per offer type. */
export type ListUrls = z.output<typeof listUrlsSchema>

/** The user data a list request carries: which offer type its listings are. */
export type ListUserData = { readonly type: OfferType }

/**
 * The first list requests of a crawl: for each offer type the scope asks for, the site carries and has a URL for,
 * its URL once per city when it names `{city}`, else once.
 */
export function listRequests(
  lists: ListUrls,
  offers: readonly OfferType[],
  scope: CrawlScope,
): SourceRequest[] {
  return scope.types
    .filter((type) => offers.includes(type))
    .flatMap((type) => {
      const url = lists[type]
      if (url === undefined) return []
      const urls = url.includes(CITY_PLACEHOLDER)
        ? scope.cities.map((city) => url.replaceAll(CITY_PLACEHOLDER, toCitySlug(city)))
        : [url]
      const userData: ListUserData = { type }
      return urls.map((u) => ({ url: u, label: 'list' as const, userData }))
    })
}

/** A list URL as a pattern: `{city}` stands for any slug. */
const urlPattern = (url: string): RegExp =>
  new RegExp(
    `^${url
      .split(CITY_PLACEHOLDER)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/?#]+')}$`,
  )

/**
 * The offer type of the listings on a page: what its request carries, else the type whose list URL it is (a page
 * saved on its own, as a fixture, carries nothing), else the site's only one.
 */
export function offerTypeOf(page: Page, lists: ListUrls, offers: readonly OfferType[]): OfferType {
  const carried = (page.request.userData as Partial<ListUserData> | undefined)?.type
  const types: OfferType[] = ['rent', 'buy']
  const type =
    carried ??
    types.find((t) => lists[t] !== undefined && urlPattern(lists[t]).test(page.request.url)) ??
    (offers.length === 1 ? offers[0] : undefined)
  if (type === undefined)
    throw new ParseError('Neither the request nor its URL says which offer type the page lists', {
      url: page.url,
    })
  return type
}
