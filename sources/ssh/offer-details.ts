import { z } from 'zod'
import { type ListingInput, type Page, ParseError } from '../../src/kit/index.js'
import { ORIGIN } from './offer-list.js'

/** The fields we read of one unit's details: its address, floor area and rent. */
const detailsSchema = z.object({
  EenheidNummer: z.number().int(),
  Soort_Product: z.string().nullish(),
  ADRES_H: z
    .array(
      z.object({
        Straatnaam: z.string(),
        Nummer: z.string(),
        Letter: z.string().nullish(),
        Toevoeging: z.string().nullish(),
        Locatie: z.string().nullish(),
        Postcode: z.string().nullish(),
        Plaats: z.string(),
      }),
    )
    .min(1),
  ASP_TOTAAL_C: z.array(z.object({ TotOpp: z.number().nullish() })).nullish(),
  EENHEID_HUUR: z.array(z.object({ Bruto_Huur: z.number().nullish() })).nullish(),
})
type Address = z.infer<typeof detailsSchema>['ADRES_H'][number]

/** SSH's `Soort_Product`: a self-contained home ("zelf") or a room sharing kitchen or bathroom ("ozelf"). */
const DWELLING_TYPES: Readonly<Record<string, 'apartment' | 'room'>> = { zelf: 'apartment', ozelf: 'room' }

/** SSH writes place names in capitals ("UTRECHT"); people write "Utrecht", "Bergen op Zoom". */
const cityName = (plaats: string) =>
  plaats
    .trim()
    .toLowerCase()
    .replace(/(^|[\s-])(\p{L})/gu, (_, gap: string, letter: string) => gap + letter.toUpperCase())
    .replace(/\b(Op|Aan|De|Den|Van)\b(?!$)/g, (word) => word.toLowerCase())

/** The house number as the BAG parts it: number, letter, addition. `Locatie` (the room, "k31") is not part of it. */
const houseNumberOf = (a: Address) =>
  [`${a.Nummer}${a.Letter?.trim() ?? ''}`, a.Toevoeging?.trim()].filter(Boolean).join(' ')

/** The offer page people see: `/nl/aanbod/{FlowId}-{street}-{number}`, with the room where there is one. */
const offerPageUrl = (flowId: string, a: Address) => {
  const slug = [a.Straatnaam, houseNumberOf(a), a.Locatie?.trim()]
    .filter(Boolean)
    .join(' ')
    .toLowerCase()
    .replace(/[\s/]+/g, '-')
  return `${ORIGIN}/nl/aanbod/${flowId}-${encodeURIComponent(slug)}`
}

/** The details of the one unit a details request asked for → a listing. Any other shape: the API changed. */
export function parseOfferDetails(page: Page): ListingInput {
  const flowId = /#aanbod-(\d+)$/.exec(page.request.url)?.[1]
  let units: unknown
  try {
    units = page.json()
  } catch (error) {
    throw new ParseError('Not SSH offer details', { url: page.url }, { cause: error })
  }
  const parsed = detailsSchema.safeParse(Array.isArray(units) ? units[0] : undefined)
  if (!flowId || !parsed.success)
    throw new ParseError('Not the details of one SSH unit, or no offer id in the request', { url: page.url })
  const unit = parsed.data
  const address = unit.ADRES_H[0]!
  return {
    sourceListingId: flowId,
    url: offerPageUrl(flowId, address),
    type: 'rent',
    // The gross rent, service costs included: what SSH prints as the rent to pay.
    price: unit.EENHEID_HUUR?.[0]?.Bruto_Huur ?? null,
    surfaceArea: unit.ASP_TOTAAL_C?.[0]?.TotOpp || null,
    dwellingType: DWELLING_TYPES[unit.Soort_Product ?? ''] ?? 'other',
    street: address.Straatnaam.trim(),
    houseNumber: houseNumberOf(address),
    postcode: address.Postcode ?? null,
    city: cityName(address.Plaats),
  }
}
