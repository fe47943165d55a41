import {
  type CardValues,
  cardListing,
  type ListingInput,
  type OfferType,
  offerTypeOf,
  type Page,
  ParseError,
} from '../../../src/kit/index.js'
import { type CardUserData, textIn } from './list-page.js'
import { listingIdOf } from './listing-id.js'
import type { HtmlCardsOptions } from './options.js'

/**
 * A detail page: what its card showed (carried in the request), with each field the detail selectors find on the
 * page put over it. A page where none of them matches is not the detail page they were written for.
 */
export function parseDetailPage(
  page: Page,
  options: HtmlCardsOptions,
  offers: readonly OfferType[],
): ListingInput {
  const fields = options.detail?.fields ?? {}
  const found = Object.fromEntries(
    Object.entries(fields)
      .map(([key, selector]) => [key, textIn(page.$.root(), selector!)] as const)
      .filter(([, text]) => text !== undefined),
  ) as CardValues
  if (Object.keys(found).length === 0) {
    throw new ParseError(
      'None of options.detail.fields matches: the layout changed or the selectors are wrong',
      {
        url: page.url,
        option: 'options.detail.fields',
      },
    )
  }
  const carried = page.request.userData as Partial<CardUserData> | undefined
  return cardListing({
    id: listingIdOf(page.request.url, options.idPattern),
    url: page.url,
    type: offerTypeOf(page, options.lists, offers),
    values: { ...carried?.values, ...found },
  })
}
