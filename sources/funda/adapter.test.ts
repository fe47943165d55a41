import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { createPage, listingSchema, ParseError } from '../../src/kit/index.js'
import { nuxtDataScript as nuxt, Reactive, Ref } from '../../testkit/sample/nuxt-data.js'
import funda from './adapter.js'
import { searchUrl } from './funda-url.js'
import { prop, readNuxtPayload } from './nuxt-payload.js'

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
  describe('the card of a recorded search’s listing (funda.nl, 2026-09-24)', () => {
    const html = readFileSync(join(import.meta.dirname, 'fixtures', 'list-huur-delft.html'), 'utf8')
    const search = 'https://www.funda.nl/zoeken/huur?selected_area=%5B%22delft%22%5D'
    const state = readNuxtPayload(load(html), search)
    const recorded = prop(prop(prop(state, 'pinia'), 'search'), 'listings') as Record<string, unknown>[]
    /** The card of a search state holding this one listing. */
    const cardOf = (listing: Record<string, unknown>) => {
      const one = { listings: new Reactive([listing]), totalListingsCount: new Ref(1) }
      return funda.parseListPage(page(search, nuxt({ pinia: { search: one } }), 'list')).detailRequests![0]!
        .card
    }

    it('is the listing’s facts, one card per listing', () => {
      const requests = funda.parseListPage(createPage({ url: search, label: 'list' }, search, 200, html))
        .detailRequests!
      expect(requests).toHaveLength(15)
      const card = JSON.parse(requests[0]!.card!) as Record<string, unknown>
      expect(Object.keys(card)).toEqual([
        'address',
        'construction_type',
        'energy_label',
        'floor_area',
        'number_of_bedrooms',
        'number_of_rooms',
        'object_type',
        'offering_type',
        'price',
        'publish_date',
        'status',
      ])
      expect(card.price).toMatchObject({ rent_price: [1131], rent_price_condition: 'per_month' })
      expect(new Set(requests.map((r) => r.card)).size).toBe(requests.length)
    })

    it('stays while only its photos, agent or paid products change; not when its price or status does', () => {
      const listing = recorded[0]!
      const card = cardOf(listing)
      const photos = listing.photo_image_id as string[]
      const products = listing.product_entitlement as string[]
      expect(
        cardOf({
          ...listing,
          photo_image_id: [...photos.slice(1), photos[0]],
          product_entitlement: [...products, 'top_position'],
          agent: [],
          available_media_types: ['video'],
        }),
      ).toBe(card)
      const price = listing.price as Record<string, unknown>
      expect(cardOf({ ...listing, price: { ...price, rent_price: [1099] } })).not.toBe(card)
      expect(cardOf({ ...listing, status: 'negotiations' })).not.toBe(card)
    })
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
