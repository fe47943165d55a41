import { z } from 'zod'
import { type ListingInput, type ListPageResult, type Page, ParseError } from '../../src/kit/index.js'
import { OFFERED_STATUSES, productsRequest } from './products-query.js'

const SITE = 'https://www.holland2stay.com'

const optionId = z.union([z.string(), z.number()]).transform(String)

/** The fields we read of one residence; the rest (photos, contract terms, lottery counts) is ignored. */
const itemSchema = z.object({
  name: z.string().min(1),
  sku: z.string().min(1),
  url_key: z.string().min(1),
  city: optionId.nullish(),
  available_to_book: optionId.nullish(),
  living_area: z.union([z.string(), z.number()]).nullish(),
  no_of_rooms: optionId.nullish(),
  energy_label: optionId.nullish(),
  basic_rent: z.number().nullish(),
  price_range: z
    .object({ minimum_price: z.object({ regular_price: z.object({ value: z.number().nullish() }) }) })
    .nullish(),
})
type Item = z.infer<typeof itemSchema>

const responseSchema = z.object({
  data: z.object({
    products: z.object({
      aggregations: z
        .array(
          z.object({
            attribute_code: z.string(),
            options: z.array(z.object({ label: z.string(), value: optionId })),
          }),
        )
        .nullish(),
      items: z.array(z.unknown()),
      page_info: z.object({ total_pages: z.number().int() }),
      total_count: z.number().int(),
    }),
  }),
})
type Aggregations = z.infer<typeof responseSchema>['data']['products']['aggregations']

/** Option labels by attribute and option id, from the response's own aggregations ("city" → "6186" → "Delft"). */
function optionLabels(
  aggregations: Aggregations,
): (attribute: string, id: string | null | undefined) => string | null {
  const labels = new Map<string, string>()
  for (const aggregation of aggregations ?? [])
    for (const option of aggregation.options)
      labels.set(`${aggregation.attribute_code}:${option.value}`, option.label)
  return (attribute, id) => (id == null ? null : (labels.get(`${attribute}:${id}`) ?? null))
}

/** "Studio" is one room; other labels are the number of rooms ("2") as the site shows it. */
const roomsOf = (label: string | null) => (label && /^studio$/i.test(label.trim()) ? 1 : label)

/** A living area the API gives as a decimal string ("26.4"): read as a number, not as Dutch thousands. */
const areaOf = (area: string | number | null | undefined) =>
  area == null || area === '' ? null : Number(area)

/** One residence → a listing; null when it is not on offer (booked, rented) or not of this shape. */
function toListing(raw: unknown, label: ReturnType<typeof optionLabels>): ListingInput | null {
  const parsed = itemSchema.safeParse(raw)
  if (!parsed.success || !OFFERED_STATUSES.includes(parsed.data.available_to_book ?? '')) return null
  const item: Item = parsed.data
  const rooms = label('no_of_rooms', item.no_of_rooms)
  const city = label('city', item.city)
  return {
    sourceListingId: item.sku,
    url: `${SITE}/residences/${item.url_key}.html`,
    type: 'rent',
    // The total monthly rent, service costs included, as the site prints it; the bare rent when there is no total.
    price: item.price_range?.minimum_price.regular_price.value ?? item.basic_rent ?? null,
    surfaceArea: areaOf(item.living_area),
    rooms: roomsOf(rooms),
    energyLabel: label('energy_label', item.energy_label),
    dwellingType: rooms && /^studio$/i.test(rooms) ? 'studio' : 'apartment',
    ...splitName(item.name),
    city: city ?? '',
  }
}

/** Holland2Stay names a residence by its address with the flat after a dash: "Voorbeeldlaan 12-301". */
function splitName(name: string): { street: string | null; houseNumber: string | null } {
  const match = /^(.*\D)\s+(\d.*)$/.exec(name.trim())
  return match
    ? { street: match[1]!.trim(), houseNumber: match[2]!.trim() }
    : { street: name.trim(), houseNumber: null }
}

/** A GraphQL answer → its residences on offer and the next page. Not this shape: the API changed. */
export function parseProductsResponse(page: Page): ListPageResult {
  let products: z.infer<typeof responseSchema>['data']['products']
  try {
    products = responseSchema.parse(page.json()).data.products
  } catch (error) {
    throw new ParseError('Not a Holland2Stay products response', { url: page.url }, { cause: error })
  }
  const label = optionLabels(products.aggregations)
  const listings = products.items
    .map((item) => toListing(item, label))
    .filter((listing): listing is ListingInput => listing !== null)
  const sent = JSON.parse(page.request.body ?? '{}') as { variables?: { currentPage?: number } }
  const current = sent.variables?.currentPage ?? 1
  return {
    listings,
    nextRequest: current < products.page_info.total_pages ? productsRequest(current + 1) : undefined,
    noResults: products.total_count === 0,
  }
}
