import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { nuxtDataScript as nuxt, Reactive, Ref } from '../../scripts/sample/nuxt-data.js'
import { createPage, listingSchema, ParseError } from '../../src/kit/index.js'
import funda from './adapter.js'
import { searchUrl } from './funda-url.js'

/** A tag a future Nuxt might add: the adapter unwraps it instead of failing the page. */
const withFutureTag = (html: string) => html.replace('["Reactive",', '["FutureNuxtTag",')
const page = (url: string, html: string, label: 'list' | 'detail' = 'detail') =>
  createPage({ url, label }, url, 200, `<html><head></head><body>${html}</body></html>`)

const DETAIL = 'https://www.funda.nl/detail/huur/utrecht/appartement-biltstraat-12-a/43000001/'
const detail = (price: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  page(
    DETAIL,
    withFutureTag(
      nuxt(
        new Reactive({
          data: new Reactive({
            cachedListingData_nl_43000001: {
              globalId: 7000001,
              objectType: 'Apartment',
              offeringType: 'Rental',
              address: {
                addressTitle: 'Biltstraat 12 A',
                houseNumber: '12',
                postcode: '3572AB',
                city: 'Utrecht',
              },
              price,
              featuresFastView: { livingArea: '58 m²' },
              publicationDate: new Date('2026-11-03T00:00:00Z'),
              features: [{ Title: 'Bouw', KenmerkenList: [{ Label: 'Bouwjaar', Value: '1906-1930' }] }],
              ...extra,
            },
          }),
          state: new Reactive({ token: new Ref(null), seen: new Ref(false) }),
        }),
      ),
    ),
  )

describe('funda detail pages', () => {
  it('reads a rent, keeping the house number as printed and unwrapping Nuxt’s and unknown tags', () => {
    const listing = funda.parseDetailPage!(detail({ rentalPrice: '€ 1.450 /mnd', numericPrice: 1450 }))
    expect(listingSchema.parse(listing)).toMatchObject({
      sourceListingId: '7000001',
      type: 'rent',
      price: 1450,
      street: 'Biltstraat',
      houseNumber: '12 A',
      surfaceArea: 58,
      yearBuilt: 1918,
      dwellingType: 'apartment',
      listedAt: '2026-11-03',
    })
  })
  it('turns a yearly rent into a monthly one', () => {
    expect(funda.parseDetailPage!(detail({ rentalPrice: '€ 18.000 /jr', numericPrice: 18000 })).price).toBe(
      1500,
    )
  })
  it('keeps a sale price as asked, and no price when it is on request', () => {
    const sale = { offeringType: 'Sale' }
    expect(
      funda.parseDetailPage!(detail({ sellingPrice: '€ 450.000 k.k.', numericPrice: 450000 }, sale)),
    ).toMatchObject({
      type: 'buy',
      price: 450000,
      priceOnRequest: false,
    })
    expect(
      funda.parseDetailPage!(detail({ sellingPrice: 'Prijs op aanvraag', numericPrice: 0 }, sale)),
    ).toMatchObject({
      price: null,
      priceOnRequest: true,
    })
  })
  it('calls a page without __NUXT_DATA__ a layout change', () => {
    expect(() => funda.parseDetailPage!(page(DETAIL, '<h1>Welkom</h1>'))).toThrow(ParseError)
  })
})

describe('funda search pages and blocks', () => {
  const url = searchUrl('buy', 'utrecht')
  it('builds Funda’s search URLs, one per offer type and city', () => {
    expect(url).toBe(
      'https://www.funda.nl/zoeken/koop?selected_area=%5B%22utrecht%22%5D&object_type=%5B%22house%22%2C%22apartment%22%5D',
    )
    expect(funda.startRequests({ cities: ['Utrecht', 'Den Haag'], types: ['buy', 'rent'] })).toHaveLength(4)
  })
  it('gives every detail request of a recorded search its card: the listing object of the search state', () => {
    const fixtures = join(import.meta.dirname, 'fixtures')
    const html = readFileSync(join(fixtures, 'list-huur-delft.html'), 'utf8')
    const search = 'https://www.funda.nl/zoeken/huur?selected_area=%5B%22delft%22%5D'
    const requests = funda.parseListPage(createPage({ url: search, label: 'list' }, search, 200, html))
      .detailRequests!
    expect(requests.length).toBeGreaterThan(0)
    for (const request of requests) {
      const card = JSON.parse(request.card!) as Record<string, unknown>
      expect(request.url.endsWith(String(card.object_detail_page_relative_url))).toBe(true)
    }
    expect(new Set(requests.map((r) => r.card)).size).toBe(requests.length)
  })
  it('falls back to the JSON-LD ItemList when the search state moved, and pages on', () => {
    const itemList = `<script type="application/ld+json">${JSON.stringify({
      '@type': ['ItemList', 'WebPage'],
      itemListElement: Array.from({ length: 15 }, (_, i) => ({
        url: `https://www.funda.nl/detail/koop/utrecht/huis-straat-${i}/${43000100 + i}/`,
      })),
    })}</script>`
    const result = funda.parseListPage(page(url, itemList + nuxt({ pinia: { other: {} } }), 'list'))
    expect(result.detailRequests).toHaveLength(15)
    expect(result.detailRequests!.every((r) => r.card === undefined)).toBe(true)
    expect(result.nextRequest?.url).toBe(`${url}&search_result=2`)
  })
  it('says an empty search has no results', () => {
    const empty = nuxt({ pinia: { search: { listings: new Reactive([]), totalListingsCount: new Ref(0) } } })
    expect(funda.parseListPage(page(url, empty, 'list'))).toMatchObject({
      detailRequests: [],
      noResults: true,
    })
  })
  it('recognises the Akamai interstitial and nothing else', () => {
    expect(funda.detectBlock!(page(url, '<h1>Je bent bijna op de pagina die je zoekt</h1>'))).toBe(
      'funda-akamai-interstitial',
    )
    expect(funda.detectBlock!(page(url, nuxt({})))).toBeNull()
  })
})
