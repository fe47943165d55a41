import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createPage, toCitySlug } from '../../src/kit/index.js'
import { listingSchema } from '../../src/kit/listing.js'
import { listingIdFromUrl, offerFromUrl } from '../_shared/listing-markup.js'
import pararius from './adapter.js'

const FIXTURES = join(import.meta.dirname, 'fixtures')
const page = (file: string, url: string, label: 'list' | 'detail') =>
  createPage({ url, label }, url, 200, readFileSync(join(FIXTURES, file), 'utf8'))

describe('pararius detail pages (real pages recorded 2024-11-02, and one of 2026-09-24)', () => {
  it('reads every field of the Oss flat', () => {
    const url = 'https://www.pararius.com/apartment-for-rent/oss/00e04215/driek-van-erpstraat'
    const listing = pararius.parseDetailPage!(page('detail-00e04215_driek-van-erpstraat.html', url, 'detail'))
    expect(listingSchema.parse(listing)).toMatchObject({
      sourceListingId: '00e04215',
      url,
      type: 'rent',
      price: 1240,
      surfaceArea: 52,
      rooms: 2,
      energyLabel: 'C',
      yearBuilt: 1974,
      dwellingType: 'apartment',
      street: 'Driek van Erpstraat',
      houseNumber: null,
      postcode: '5341AK',
      city: 'Oss',
      listedAt: '2024-10-21',
    })
  })

  it('parses all five into valid listings', () => {
    const files = readdirSync(FIXTURES).filter((f) => /^detail-[0-9a-f]{8}_.+\.html$/.test(f))
    expect(files).toHaveLength(5)
    for (const file of files) {
      const html = readFileSync(join(FIXTURES, file), 'utf8')
      const url = /<link rel="canonical" href="([^"]+)"/.exec(html)![1]!
      const result = listingSchema.safeParse(
        pararius.parseDetailPage!(createPage({ url, label: 'detail' }, url, 200, html)),
      )
      expect(result.success, `${file}: ${result.error?.message}`).toBe(true)
    }
  })

  it('rejects a value the page shows but that cannot be read, instead of storing it as missing', () => {
    const url = 'https://www.pararius.com/apartment-for-rent/oss/00e04215/driek-van-erpstraat'
    const html = readFileSync(join(FIXTURES, 'detail-00e04215_driek-van-erpstraat.html'), 'utf8')
    const parse = (changed: string) =>
      listingSchema.safeParse(
        pararius.parseDetailPage!(createPage({ url, label: 'detail' }, url, 200, changed)),
      )
    const messages = (changed: string) => parse(changed).error?.issues.map((i) => `${i.path}: ${i.message}`)
    expect(messages(html.replace('"postalCode":"5341AK"', '"postalCode":"NOPE"'))).toEqual([
      'postcode: "NOPE" is not a Dutch postcode',
    ])
    expect(messages(html.replace('main-description">52 m²<', 'main-description">groot<'))).toEqual([
      'surfaceArea: "groot" is not an area',
    ])
    // A site that says it has no label gives none: that is not malformed.
    expect(parse(html.replace('description">C<', 'description">Niet beschikbaar<')).data).toMatchObject({
      energyLabel: null,
    })
  })

  it('reads the house number a 2026 page gives in its JSON-LD street (a real page, recorded 2026-09-24)', () => {
    const url = 'https://www.pararius.nl/appartement-te-huur/delft/fd826b6c/kruisstraat'
    const listing = pararius.parseDetailPage!(page('detail-fd826b6c-kruisstraat-excerpt.html', url, 'detail'))
    expect(listingSchema.parse(listing)).toMatchObject({
      sourceListingId: 'fd826b6c',
      street: 'Kruisstraat',
      houseNumber: '46',
      postcode: '2611MJ',
      city: 'Delft',
      price: 2450,
      surfaceArea: 102,
      listedAt: '2026-09-22',
    })
  })

  it('throws a ParseError on a page that is not a listing', () => {
    const url = 'https://www.pararius.com/apartments/amsterdam'
    expect(() =>
      pararius.parseDetailPage!(
        createPage({ url, label: 'detail' }, url, 200, '<html><body>Hi</body></html>'),
      ),
    ).toThrow(/Not a listing/)
  })
})

describe('pararius search pages', () => {
  it('yields absolute detail URLs on the same host and the next page', () => {
    const url = 'https://www.pararius.com/apartments/amsterdam'
    const result = pararius.parseListPage(page('list-amsterdam.html', url, 'list'))
    expect(result.detailRequests!.length).toBe(30)
    for (const request of result.detailRequests!) {
      expect(new URL(request.url).host).toBe('www.pararius.com')
      expect(listingIdFromUrl(request.url)).toMatch(/^[0-9a-f]{8}$/)
    }
    expect(result.nextRequest?.url).toBe('https://www.pararius.com/apartments/amsterdam/page-2')
  })
  it('gives every detail request its search card: the facts it shows; different cards differ', () => {
    const url = 'https://www.pararius.com/apartments/amsterdam'
    const requests = pararius.parseListPage(page('list-amsterdam.html', url, 'list')).detailRequests!
    expect(JSON.parse(requests[0]!.card!)).toEqual({
      area: '65 m²',
      place: '1012 ES Amsterdam (Burgwallen-Oude Zijde)',
      price: '€1,900 per month',
      rooms: '2 rooms',
      title: 'Flat Oudezijds Voorburgwal',
    })
    expect(new Set(requests.map((r) => r.card)).size).toBe(requests.length)
  })

  describe('a real search card night to night (pararius.nl, recorded 2026-09-24)', () => {
    const url = 'https://www.pararius.nl/huurwoningen/delft'
    const recorded = readFileSync(join(FIXTURES, 'list-delft-excerpt.html'), 'utf8')
    const cards = (html: string) =>
      pararius
        .parseListPage(createPage({ url, label: 'list' }, url, 200, html))
        .detailRequests!.map((r) => r.card)
    const [underOption, plain] = cards(recorded)

    it('is the same card when only its markup moved: position id, signed photo URL, a badge, the layout', () => {
      const moved = recorded
        .replace('id="listing-title-4"', 'id="listing-title-5"')
        .replace('id="listing-title-3"', 'id="listing-title-4"')
        .replaceAll(/sig=[0-9a-f]+/g, 'sig=0123456789abcdef')
        .replaceAll('&amp;width=600', '&amp;width=800')
        .replace(
          '<section class="listing-search-item listing-search-item--list listing-search-item--for-rent">\n        <div class="listing-search-item__depiction">',
          '<section class="listing-search-item listing-search-item--list listing-search-item--for-rent"><div class="listing-search-item__label"><span class="listing-label listing-label--new">Nieuw</span></div>\n        <div class="listing-search-item__depiction">',
        )
        .replaceAll(/\n\s+/g, ' ')
      for (const part of [
        'listing-title-4',
        'listing-title-5',
        'sig=0123456789abcdef',
        'width=800',
        '>Nieuw<',
      ])
        expect(moved, part).toContain(part)
      expect(cards(moved)).toEqual([underOption, plain])
    })

    it('is another card when a fact it shows changed: the price, the status, the area', () => {
      expect(cards(recorded.replace('1.173 per maand', '1.150 per maand'))[0]).not.toBe(underOption)
      expect(cards(recorded.replace('Onder optie', 'Verhuurd'))[0]).not.toBe(underOption)
      expect(cards(recorded.replace(/<span class="listing-label[\s\S]*?<\/span>/, ''))[0]).not.toBe(
        underOption,
      )
      expect(cards(recorded.replace('94 m²', '96 m²'))[1]).not.toBe(plain)
    })
  })
  it('says "no results" instead of yielding nothing when the search is empty', () => {
    const url = 'https://www.pararius.com/apartments/nowhere'
    const html =
      '<h2 class="no-search-results__title">No results</h2><section class="listing-search-item"><a class="listing-search-item__link--title" href="/apartment-for-rent/x/0123abcd/y">nearby</a></section>'
    expect(pararius.parseListPage(createPage({ url, label: 'list' }, url, 200, html))).toEqual({
      noResults: true,
    })
  })
})

describe('pararius URLs', () => {
  it('maps cities to its slugs', () => {
    expect(toCitySlug('Den Haag')).toBe('den-haag')
    expect(toCitySlug("'s-Gravenhage")).toBe('den-haag')
    expect(toCitySlug('Alphen aan den Rijn')).toBe('alphen-aan-den-rijn')
  })
  it('reads the offer type from .com and .nl detail URLs', () => {
    expect(offerFromUrl('https://www.pararius.com/house-for-rent/utrecht/0123abcd/x')).toEqual({
      type: 'rent',
      dwellingType: 'house',
    })
    expect(offerFromUrl('https://www.pararius.nl/appartement-te-koop/delft/0123abcd/x')).toEqual({
      type: 'buy',
      dwellingType: 'apartment',
    })
  })
})
