import type { Cheerio, CheerioAPI } from 'cheerio'
import {
  type CardValues,
  cardListing,
  cardOf,
  isLetOrSold,
  type ListingInput,
  type ListPageResult,
  type OfferType,
  offerTypeOf,
  type Page,
  ParseError,
  resolveUrl,
  type SourceRequest,
  textOf,
} from '../../../src/kit/index.js'
import { listingIdOf } from './listing-id.js'
import type { HtmlCardsOptions } from './options.js'

/** A node of a parsed page, as cheerio's own signatures name it. */
type Node = Parameters<CheerioAPI['contains']>[0]

/** What a detail request carries to its page: the offer type and what the card showed. */
export interface CardUserData extends Record<string, unknown> {
  readonly type: OfferType
  readonly values: CardValues
}

/** One card as read: where it leads and what it shows. */
interface ReadCard {
  readonly url: string
  readonly values: CardValues
}

/** Text of the first match of `selector` inside `scope`, whitespace collapsed; undefined when nothing matches. */
export function textIn(scope: Cheerio<Node>, selector: string): string | undefined {
  const found = scope.find(selector).first()
  return found.length === 0 ? undefined : textOf(found)
}

/** The card's link: the card itself when it is the link, else the first match inside it. */
function linkOf(card: Cheerio<Node>, link: string): string | undefined {
  return (card.is(link) ? card : card.find(link).first()).attr('href')
}

/**
 * A selector that matches in none of a page's cards is a layout change (or a wrong selector), not a page of homes
 * without prices: the page fails naming the option, and the homes keep their last known state. A status is the
 * exception: agents often show one only on homes that are under offer or let.
 */
function checkSelectorsMatch(
  $: CheerioAPI,
  cards: Cheerio<Node>,
  options: HtmlCardsOptions,
  url: string,
): void {
  const selectors: [string, string][] = [
    ['link', options.link],
    ...Object.entries(options.fields)
      .filter(([key]) => key !== 'status')
      .map(([key, selector]): [string, string] => [`fields.${key}`, selector!]),
  ]
  for (const [key, selector] of selectors) {
    const matches = cards.filter((_, card) => $(card).is(selector) || $(card).find(selector).length > 0)
    if (matches.length === 0) {
      throw new ParseError(
        `options.${key} (${selector}) matches nothing in any of the ${cards.length} cards: the layout changed or the selector is wrong`,
        { url, option: `options.${key}` },
      )
    }
  }
}

/** Every card on the page, read with the field selectors. */
function readCards(
  $: CheerioAPI,
  cards: Cheerio<Node>,
  options: HtmlCardsOptions,
  pageUrl: string,
): ReadCard[] {
  return cards.toArray().map((element) => {
    const card = $(element)
    const values = Object.fromEntries(
      Object.entries(options.fields).map(([key, selector]) => [key, textIn(card, selector!)]),
    ) as CardValues
    return { url: resolveUrl(linkOf(card, options.link), pageUrl) ?? '', values }
  })
}

/**
 * A search page: a listing per card (or, with `detail` options, a detail request per card carrying what it shows),
 * the next page, and whether the site says the search found nothing. Cards whose status says let or sold are left
 * out. No cards on a page that does not say "no results" is a layout change.
 */
export function parseListPage(
  page: Page,
  options: HtmlCardsOptions,
  offers: readonly OfferType[],
): ListPageResult {
  const { $ } = page
  const type = offerTypeOf(page, options.lists, offers)
  const found = $(options.card)
  if (found.length === 0) {
    if (options.noResults !== undefined && $(options.noResults).length > 0)
      return { listings: [], noResults: true }
    throw new ParseError(
      `options.card (${options.card}) matches nothing and the page does not say it has no results`,
      { url: page.url, option: 'options.card' },
    )
  }
  checkSelectorsMatch($, found, options, page.url)
  const cards = readCards($, found, options, page.url).filter(
    (card) => !isLetOrSold(card.values.status, options.takenStatuses),
  )
  const next =
    options.nextPage === undefined ? undefined : resolveUrl($(options.nextPage).attr('href'), page.url)
  const nextRequest: SourceRequest | undefined = next
    ? { url: next, label: 'list', userData: page.request.userData }
    : undefined
  if (options.detail !== undefined) {
    const detailRequests = cards.map(
      (card): SourceRequest => ({
        url: card.url,
        label: 'detail',
        card: cardOf(card.values),
        userData: { type, values: card.values } satisfies CardUserData,
      }),
    )
    return { detailRequests, nextRequest }
  }
  const listings = cards.map(
    (card): ListingInput =>
      cardListing({ id: listingIdOf(card.url, options.idPattern), url: card.url, type, values: card.values }),
  )
  return { listings, nextRequest }
}
