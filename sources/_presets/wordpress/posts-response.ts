import {
  type ListingInput,
  type ListPageResult,
  type OfferType,
  type Page,
  ParseError,
  type SourceRequest,
} from '../../../src/kit/index.js'
import type { WordpressOptions } from './options.js'
import { postListing } from './post-item.js'

/** The URL of one page of the post type's list, with the site file's query parameters. */
export function listPageUrl(homepage: string, options: WordpressOptions, page: number): string {
  const url = new URL(`${options.apiPath}${options.postType}`, homepage)
  for (const [name, value] of Object.entries(options.query)) url.searchParams.set(name, String(value))
  url.searchParams.set('per_page', String(options.perPage))
  url.searchParams.set('page', String(page))
  return url.href
}

/** The list request for page `page`. */
export const listPageRequest = (
  homepage: string,
  options: WordpressOptions,
  page: number,
): SourceRequest => ({
  url: listPageUrl(homepage, options, page),
  label: 'list',
})

/** The posts of a response. WordPress answers an error as an object with a `code` and a `message`. */
function postsOf(page: Page): unknown[] {
  let body: unknown
  try {
    body = page.json()
  } catch (error) {
    throw new ParseError('Not a WordPress list of posts: not JSON', { url: page.url }, { cause: error })
  }
  if (Array.isArray(body)) return body
  const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown }
  const why = typeof code === 'string' ? `WordPress answered ${code}: ${String(message)}` : 'not a list'
  throw new ParseError(`Not a WordPress list of posts: ${why}`, { url: page.url })
}

/** Which page of the list a request asked for. */
const pageNumberOf = (page: Page): number => Number(new URL(page.request.url).searchParams.get('page') ?? 1)

/**
 * Whether another page follows: WordPress says how many pages the list has in `X-WP-TotalPages`. A response without
 * it (a proxy that drops headers, a fixture) is followed while its pages are full.
 */
function hasNextPage(page: Page, posts: number, perPage: number): boolean {
  const header = page.headers['x-wp-totalpages']
  const total = header === undefined ? Number.NaN : Number(header)
  return Number.isInteger(total) && total >= 0 ? pageNumberOf(page) < total : posts === perPage
}

/**
 * One page of the post type's list → a listing per post on offer of a type the site file lists, and the next page
 * while there is one. The list holds every offer type at once, so a crawl of several types reads it once (its
 * searches share their start request) and gets each type from it. A list with nothing on offer in it is what the
 * site says, not a layout change.
 */
export function parsePostsPage(
  page: Page,
  homepage: string,
  options: WordpressOptions,
  offers: readonly OfferType[],
): ListPageResult {
  const posts = postsOf(page)
  const listings = posts
    .map((post) => postListing(post, options, offers, page.url))
    .filter((listing): listing is ListingInput => listing !== null)
  const next = hasNextPage(page, posts.length, options.perPage)
    ? listPageRequest(homepage, options, pageNumberOf(page) + 1)
    : undefined
  return { listings, nextRequest: next, noResults: listings.length === 0 && next === undefined }
}
