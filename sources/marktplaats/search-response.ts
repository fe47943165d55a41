import { z } from 'zod'
import { type ListingInput, type ListPageResult, type Page, ParseError } from '../../src/kit/index.js'
import { ORIGIN, PAGE_SIZE, searchRequest } from './search-request.js'

/** The fields we read of one ad; photos, seller details and traits are ignored. */
const itemSchema = z.object({
  itemId: z.string().regex(/^m\d+$/),
  title: z.string(),
  description: z.string().nullish(),
  categorySpecificDescription: z.string().nullish(),
  priceInfo: z.object({ priceCents: z.number().nullish(), priceType: z.string() }),
  location: z.object({ cityName: z.string().nullish() }).nullish(),
  date: z.string().nullish(),
  categoryId: z.number().int().nullish(),
  vipUrl: z.string().startsWith('/'),
})
type Item = z.infer<typeof itemSchema>

const responseSchema = z.object({
  listings: z.array(z.unknown()),
  totalResultCount: z.number().int(),
  maxAllowedPageNumber: z.number().int().nullish(),
})

/** "Kamers te huur": the one rental category whose ads are all rooms. */
const ROOMS = 2771

/**
 * Words only an ad for a place to live uses. The rental categories also hold furniture, odd jobs and wanted ads;
 * an ad that names no home is not a listing.
 */
const HOME_WORDS =
  /\b(kamers?|room|studio|appartement|apartment|flat|woning|woonruimte|huis|house|bovenwoning|benedenwoning|etage|woonboot)\b/i

/**
 * Price types that give no amount but ask the reader to make an offer or ask: the ad's price is "on request". A
 * fixed price, or a bid with its opening amount, is the rent. Any other type ("Gratis", "Ruilen") gives no rent.
 */
const ON_REQUEST = new Set(['FAST_BID', 'SEE_DESCRIPTION', 'NOTK'])

function priceOf(info: Item['priceInfo']): Pick<ListingInput, 'price' | 'priceOnRequest'> {
  const euros = info.priceCents ? info.priceCents / 100 : null
  if ((info.priceType === 'FIXED' || info.priceType === 'MIN_BID') && euros) return { price: euros }
  const onRequest = ON_REQUEST.has(info.priceType) || info.priceType === 'MIN_BID'
  return { price: null, priceOnRequest: onRequest }
}

const MONTHS = ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec']

/**
 * The date an ad shows, when it is a date ("9 sep 26"). "Vandaag" and "Eergisteren" are relative to a day the
 * answer does not give, so they are left empty rather than guessed.
 */
function listedOn(shown: string | null | undefined): string | null {
  const match = /^(\d{1,2}) ([a-z]{3})\.? (\d{2})$/i.exec(shown?.trim() ?? '')
  const month = match ? MONTHS.indexOf(match[2]!.toLowerCase()) + 1 : 0
  if (!match || month === 0) return null
  return `20${match[3]}-${String(month).padStart(2, '0')}-${match[1]!.padStart(2, '0')}`
}

/** One ad → a listing; null when it is not an ad of this shape or not for a home. */
function toListing(raw: unknown): ListingInput | null {
  const parsed = itemSchema.safeParse(raw)
  if (!parsed.success) return null
  const item = parsed.data
  const text = `${item.title}\n${item.categorySpecificDescription ?? item.description ?? ''}`
  if (!HOME_WORDS.test(text)) return null
  return {
    sourceListingId: item.itemId,
    url: `${ORIGIN}${item.vipUrl}`,
    type: 'rent',
    ...priceOf(item.priceInfo),
    dwellingType: item.categoryId === ROOMS ? 'room' : null,
    city: item.location?.cityName?.trim() ?? '',
    listedAt: listedOn(item.date),
  }
}

/** A search answer → its listings and the next page. Not this shape: the API changed. */
export function parseSearchResponse(page: Page): ListPageResult {
  let body: z.infer<typeof responseSchema>
  try {
    body = responseSchema.parse(page.json())
  } catch (error) {
    throw new ParseError('Not a Marktplaats search response', { url: page.url }, { cause: error })
  }
  const url = new URL(page.request.url)
  const offset = Number(url.searchParams.get('offset') ?? 0)
  const postcode = url.searchParams.get('postcode')
  const pageNumber = offset / PAGE_SIZE + 1
  const more =
    postcode !== null &&
    body.listings.length > 0 &&
    offset + PAGE_SIZE < body.totalResultCount &&
    pageNumber < (body.maxAllowedPageNumber ?? Number.POSITIVE_INFINITY)
  return {
    listings: body.listings.map(toListing).filter((listing): listing is ListingInput => listing !== null),
    nextRequest: more ? searchRequest(postcode, offset + PAGE_SIZE) : undefined,
    noResults: body.totalResultCount === 0,
  }
}
