import { describe, expect, it } from 'vitest'
import { createPage, formatIssues, listingSchema, ParseError } from '../../../src/kit/index.js'
import type { SiteFile } from '../../../src/kit/preset.js'
import jsonCards from './index.js'
import { jsonCardsOptions } from './options.js'

const RENT = 'https://www.acme-homes.nl/api/aanbod?soort=huur&plaats={city}'
const BUY = 'https://www.acme-homes.nl/api/aanbod?soort=koop'
const crawl = jsonCards.build(
  { offers: ['rent', 'buy'] } as SiteFile,
  jsonCardsOptions.parse({
    lists: { rent: RENT, buy: BUY },
    items: 'data.objecten',
    next: 'links.volgende',
    fields: {
      id: 'id',
      url: 'link',
      price: 'prijs.bedrag',
      city: 'adres.plaats',
      address: 'adres.straat',
      houseNumber: 'adres.nummer',
      area: 'oppervlakte',
      status: 'status',
    },
  }),
)
const item = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  link: `/woning/${id}`,
  prijs: { bedrag: 345_000 },
  adres: { straat: 'Molenstraat', nummer: `${id} A`, plaats: 'Delft' },
  oppervlakte: 60,
  status: 'beschikbaar',
  ...extra,
})
const respond = (body: unknown, url = 'https://www.acme-homes.nl/api/aanbod?soort=huur&plaats=delft') =>
  crawl.parseListPage(createPage({ url, label: 'list' }, url, 200, JSON.stringify(body)))

describe('json-cards responses', () => {
  it('asks for each city’s rentals and the whole sale offer', () => {
    expect(crawl.startRequests({ cities: ['Den Haag'], types: ['rent', 'buy'] }).map((r) => r.url)).toEqual([
      'https://www.acme-homes.nl/api/aanbod?soort=huur&plaats=den-haag',
      BUY,
    ])
  })

  it('reads each item into a listing of the list URL’s offer type, leaving out sold ones', () => {
    const result = respond(
      { data: { objecten: [item(1), item(2, { status: 'Verhuurd' })] }, links: { volgende: '?pagina=2' } },
      BUY,
    )
    expect(result.listings?.map((l) => listingSchema.parse(l))).toEqual([
      expect.objectContaining({
        sourceListingId: '1',
        url: 'https://www.acme-homes.nl/woning/1',
        type: 'buy',
        price: 345_000,
        street: 'Molenstraat',
        houseNumber: '1 A',
        surfaceArea: 60,
        city: 'Delft',
      }),
    ])
    expect(result.nextRequest?.url).toBe('https://www.acme-homes.nl/api/aanbod?pagina=2')
  })

  it('makes an item without a required field a listing the validation refuses, naming the field', () => {
    const { prijs: _, ...noPrice } = item(1)
    const { adres: __, ...noAddress } = item(2)
    const [first, second] = respond({ data: { objecten: [noPrice, noAddress] } }).listings ?? []
    expect(formatIssues(listingSchema.safeParse(first).error!)).toMatch(/^price: missing/)
    expect(formatIssues(listingSchema.safeParse(second).error!)).toMatch(/^city: /)
  })

  it('says an empty list has no results, and fails a response without the items path', () => {
    expect(respond({ data: { objecten: [] } })).toMatchObject({ listings: [], noResults: true })
    expect(() => respond({ data: { items: [item(1)] } })).toThrow(ParseError)
    expect(() => respond({ data: { items: [item(1)] } })).toThrow(
      /^options\.items \(data\.objecten\) is not a list of items/,
    )
    const url = 'https://www.acme-homes.nl/api/aanbod?soort=koop'
    expect(() => crawl.parseListPage(createPage({ url, label: 'list' }, url, 200, '<html>'))).toThrow(
      /not JSON/,
    )
  })
})
