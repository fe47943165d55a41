import { z } from 'zod'
import {
  type Card,
  cardOf,
  type ListPageResult,
  type Page,
  ParseError,
  type SourceRequest,
} from '../../src/kit/index.js'

export const ORIGIN = 'https://www.sshxl.nl'
/** Every published offer in the country, in one answer; the API takes no filters. */
export const OFFER_URL = `${ORIGIN}/api/v1/offer`
const DETAILS_URL = `${ORIGIN}/api/v1/offer/getOffersDetails`

/** The fields we read from one offer; the rest (viewing date, queue positions, photos) is ignored. */
const offerSchema = z.object({
  FlowId: z.number().int(),
  WocasId: z.string().min(1),
  IsPublished: z.boolean().nullish(),
  BruttoHuur: z.number().nullish(),
  ExpireBy: z.string().nullish(),
  ContractStartDate: z.string().nullish(),
  UnitType: z.string().nullish(),
  Kind: z.string().nullish(),
})
type Offer = z.infer<typeof offerSchema>

/**
 * The details request of one offer. The details API knows the unit (`WocasId`) but not the offer, whose `FlowId`
 * names the page people see; the fragment carries it to the details page, and is never sent to the server.
 */
export const detailsRequest = (offer: Pick<Offer, 'WocasId' | 'FlowId'>): SourceRequest => ({
  url: `${DETAILS_URL}?wocasIds=${encodeURIComponent(offer.WocasId)}#aanbod-${offer.FlowId}`,
  label: 'detail',
})

/** What the offer list shows of an offer: the details need not be read again while this stays the same. */
const cardFacts = (o: Offer): Card =>
  cardOf({
    rent: o.BruttoHuur,
    expireBy: o.ExpireBy,
    contractStart: o.ContractStartDate,
    unitType: o.UnitType,
    kind: o.Kind,
  })

/** The offer list → one details request per published offer. Not a JSON array of offers: the API changed. */
export function parseOfferList(page: Page): ListPageResult {
  let raw: unknown
  try {
    raw = page.json()
  } catch (error) {
    throw new ParseError('Not an SSH offer list', { url: page.url }, { cause: error })
  }
  if (!Array.isArray(raw)) throw new ParseError('Not an SSH offer list', { url: page.url })
  const offers = raw
    .map((item) => offerSchema.safeParse(item))
    .flatMap((result) => (result.success && result.data.IsPublished !== false ? [result.data] : []))
  if (raw.length > 0 && offers.length === 0)
    throw new ParseError('No offer in the SSH offer list has a FlowId and WocasId', { url: page.url })
  return {
    detailRequests: offers.map((offer) => ({ ...detailsRequest(offer), card: cardFacts(offer) })),
    noResults: raw.length === 0,
  }
}
