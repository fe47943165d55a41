import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { planSearches } from '../../../src/crawl/search-frontier.js'
import { cardOf, createPage, type ListingSource, listingSchema, ParseError } from '../../../src/kit/index.js'
import { runSourceContract } from '../../../test/contract/source-adapter.case.js'
import { exampleFolder, exampleOnPreset, siteOnPreset } from '../../../test/helpers/preset-site.js'
import ogonline from './index.js'

const NO_README = { test: 'files', reason: 'a site file’s description and termsNote are its README' } as const
const EXAMPLE_LIST = 'https://www.example-ogonline.test/nl/realtime-listings/consumer'
const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8')

// The example is no source (its domain is reserved), so the contract suite over the sources does not reach it.
const example = exampleOnPreset(ogonline)
describe('the ogonline example site', () =>
  runSourceContract(example, { skip: [NO_README], folder: exampleFolder(ogonline) }))

const list = (source: ListingSource, body: unknown, userData?: Record<string, unknown>) =>
  source.parseListPage(
    createPage({ url: EXAMPLE_LIST, label: 'list', userData }, EXAMPLE_LIST, 200, JSON.stringify(body)),
  )
const listingsOf = (body: unknown) => list(example, body).listings ?? []
const edgeCases = JSON.parse(fixture('edge-cases.json')) as unknown[]
const byAddress = (street: string) => listingsOf(edgeCases).filter((l) => l.street === street)

describe('the ogonline preset: requests', () => {
  it('asks for the whole offer once, for the scope’s types the site carries', () => {
    const verra = siteOnPreset(ogonline, 'verra-makelaars')
    expect(verra.startRequests({ cities: ['Delft', 'Den Haag'], types: ['rent'] })).toEqual([
      {
        url: 'https://www.verra.nl/nl/realtime-listings/consumer',
        label: 'list',
        userData: { types: ['rent'] },
      },
    ])
  })
  it('sends nothing when none of the scope’s cities is in the site’s regions; a site without regions is asked', () => {
    const verra = siteOnPreset(ogonline, 'verra-makelaars')
    expect(verra.startRequests({ cities: ['Groningen'], types: ['rent', 'buy'] })).toEqual([])
    expect(verra.startRequests({ cities: ["'s-Gravenhage"], types: ['buy'] })).toHaveLength(1)
    expect(example.startRequests({ cities: ['Groningen'], types: ['buy'] })).toHaveLength(1)
  })
  it('reads another list path when the site file names one', () => {
    const site = exampleOnPreset(ogonline, {
      options: { listPath: '/en/realtime-listings' },
    })
    expect(site.startRequests({ cities: [], types: ['rent'] })[0]?.url).toBe(
      'https://www.example-ogonline.test/en/realtime-listings',
    )
  })
  it('refuses an option the preset does not know', () => {
    expect(() => exampleOnPreset(ogonline, { options: { listPad: '/x' } })).toThrow(/listPad/)
  })
})

describe('the ogonline preset: entries', () => {
  it('keeps only the offer types the request was made for', () => {
    const verra = siteOnPreset(ogonline, 'verra-makelaars')
    const body = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../verra-makelaars/fixtures/list-aanbod.json'), 'utf8'),
    )
    const types = (userData: Record<string, unknown>) =>
      (list(verra, body, userData).listings ?? []).map((l) => l.type)
    expect(types({ types: ['rent'] })).not.toContain('buy')
    expect(types({ types: ['buy'] })).toEqual(['buy'])
  })
  it('reads its rentals and its sales from the one page when a night asks for both', () => {
    const verra = siteOnPreset(ogonline, 'verra-makelaars')
    const body = readFileSync(
      join(import.meta.dirname, '../../verra-makelaars/fixtures/list-aanbod.json'),
      'utf8',
    )
    const [search, ...others] = planSearches(verra, {
      cities: ['Rotterdam', 'Delft'],
      types: ['rent', 'buy'],
    })
    expect(others).toEqual([])
    expect(search!.keys).toHaveLength(4)
    const request = search!.start[0]!
    const page = createPage(request, request.url, 200, body)
    const types = new Set((verra.parseListPage(page).listings ?? []).map((l) => l.type))
    expect([...types].sort()).toEqual(['buy', 'rent'])
  })
  it('leaves out homes let or sold outright and keeps those under option or let subject to conditions', () => {
    const streets = listingsOf(edgeCases).map((l) => l.street)
    expect(streets).toContain('Oude Delft')
    expect(listingsOf([{ ...(edgeCases[4] as object), status: 'Verhuurd', statusOrig: 'rented' }])).toEqual(
      [],
    )
  })
  it('leaves out homes abroad', () => {
    expect(byAddress('Carrer Fruita')).toEqual([])
  })
  it('reads 0 m² and 0 rooms as not given, and files a kind it has no word for as other', () => {
    const [listing] = byAddress('Amstelveenseweg')
    expect(listing).toMatchObject({ surfaceArea: null, rooms: null, dwellingType: 'other', price: 225 })
    expect(byAddress('Plesmanduin Short Stay')[0]).toMatchObject({ houseNumber: null, surfaceArea: null })
  })
  it('gives a home offered for rent and for sale one listing per offer, with its own id', () => {
    expect(byAddress('Gravin Margarethalaan').map((l) => [l.sourceListingId, l.type, l.price])).toEqual([
      ['6a9011cb18e275e620000767', 'rent', 6500],
      ['6a9011cb18e275e620000767/koop', 'buy', 1975000],
    ])
  })
  it('keeps the id of each offer when the other offer of the home comes or goes', () => {
    const both = edgeCases[2] as Record<string, unknown>
    const idsOf = (entry: object) => listingsOf([entry]).map((l) => [l.type, l.sourceListingId])
    expect(idsOf({ ...both, isSales: false })).toEqual([['rent', '6a9011cb18e275e620000767']])
    expect(idsOf({ ...both, isRentals: false })).toEqual([['buy', '6a9011cb18e275e620000767/koop']])
  })
  it('reads relative and absolute URLs, keyed by the object id or, without one, by the path', () => {
    const [edge] = byAddress('Oude Delft')
    expect(edge).toMatchObject({
      url: 'https://www.example-ogonline.test/nl/woningaanbod/details/oude-delft-16/6a55c4b907f70c24bfbfd5c4',
      sourceListingId: '6a55c4b907f70c24bfbfd5c4',
    })
    const url = 'https://www.example-ogonline.test/nl/woning/delft/de-vlouw-1-c-5/699557cfd4b7c17fed79a57a'
    expect(listingsOf([{ ...(edgeCases[4] as object), url }])[0]?.url).toBe(url)
    const noId = listingsOf([{ ...(edgeCases[4] as object), url: '/nl/aanbod/woning/delft/de-vlouw-1/' }])
    expect(noId[0]?.sourceListingId).toBe('/nl/aanbod/woning/delft/de-vlouw-1')
  })
  it('says "on request" when the price text does, and leaves a missing price to fail validation', () => {
    const entry = { ...(edgeCases[4] as object), rentalsPrice: 0 }
    expect(listingsOf([{ ...entry, price: 'Huurprijs op aanvraag' }])[0]).toMatchObject({
      price: null,
      priceOnRequest: true,
    })
    const [missing] = listingsOf([{ ...entry, price: '' }])
    expect(listingSchema.safeParse(missing).error?.issues.map((i) => i.path.join('.'))).toEqual(['price'])
  })
  it('turns a malformed entry into a listing that fails validation and says why', () => {
    const [listing] = listingsOf([{ isRentals: true, url: 42, city: null, rentalsPrice: 900 }])
    const fields = listingSchema.safeParse(listing).error?.issues.map((i) => i.path.join('.'))
    expect(fields).toEqual(expect.arrayContaining(['sourceListingId', 'url', 'city']))
  })
  it('says an empty offer, or one with nothing on offer, has no results', () => {
    expect(list(example, [])).toEqual({ listings: [], noResults: true })
    expect(
      list(example, [{ ...(edgeCases[4] as object), status: 'Verkocht', statusOrig: 'sold' }]).noResults,
    ).toBe(true)
  })
  it('throws ParseError when the response is not a JSON array', () => {
    expect(() => list(example, { listings: [] })).toThrow(ParseError)
    const html = createPage({ url: EXAMPLE_LIST, label: 'list' }, EXAMPLE_LIST, 200, '<html>Onderhoud</html>')
    expect(() => example.parseListPage(html)).toThrow(/not JSON/)
  })
})

describe('the ogonline preset: listing pages, when the site file asks for them', () => {
  const withPages = siteOnPreset(ogonline, 'verra-makelaars', { options: { detailPages: true } })
  const DETAIL =
    'https://www.verra.nl/nl/woningaanbod/woning/rotterdam/%27s-gravenweg-659-u/6996d72c12904169fbc0939f'
  const detail = (body: string, userData?: Record<string, unknown>) =>
    withPages.parseDetailPage!(createPage({ url: DETAIL, label: 'detail', userData }, DETAIL, 200, body))
  const [entry] = listingsOf(edgeCases.slice(4, 5))

  it('asks for each listing’s page with its entry as the card, instead of yielding the entry', () => {
    const result = list(withPages, edgeCases.slice(4, 5))
    expect(result.listings).toEqual([])
    expect(result.detailRequests).toEqual([
      { url: entry!.url, label: 'detail', card: cardOf(entry!), userData: { listing: entry } },
    ])
  })
  it('yields a home offered for rent and for sale as the JSON gave it: the crawl reads one URL once', () => {
    const result = list(withPages, edgeCases.slice(2, 3))
    expect(result.detailRequests).toEqual([])
    expect(result.listings?.map((l) => l.type)).toEqual(['rent', 'buy'])
  })
  it('fills what the entry left out from the page’s features, and keeps what the entry gave', () => {
    expect(detail(fixture('verra-detail.html'), { listing: { ...entry, rooms: null } }).rooms).toBe('3')
    const page = '<dl><dt>Bouwjaar</dt><dd>1932</dd><dt>Kamers</dt><dd>5</dd></dl>'
    expect(listingSchema.parse(detail(page, { listing: entry }))).toMatchObject({ yearBuilt: 1932, rooms: 2 })
  })
  it('throws ParseError for a page without a feature list, or a request without its entry', () => {
    expect(() => detail('<html><p>Pagina niet gevonden</p></html>', { listing: entry })).toThrow(ParseError)
    expect(() => detail(fixture('verra-detail.html'))).toThrow(/JSON entry/)
  })
})
