import { describe, expect, it } from 'vitest'
import { createPage, listingSchema, ParseError, type SourceRequest } from '../../../src/kit/index.js'
import type { SiteFile } from '../../../src/kit/preset.js'
import { runSourceContract } from '../../../test/contract/source-adapter.case.js'
import { exampleFolder, exampleOnPreset } from '../../../test/helpers/preset-site.js'
import htmlCards from './index.js'
import { type HtmlCardsOptions, htmlCardsOptions } from './options.js'

const LIST = 'https://www.acme-homes.nl/huur/'
const site = { offers: ['rent'] } as SiteFile
const options = (extra: Record<string, unknown> = {}): HtmlCardsOptions =>
  htmlCardsOptions.parse({
    lists: { rent: LIST },
    card: 'li.home',
    fields: { price: '.price', city: '.city', address: '.address', rooms: '.rooms', status: '.status' },
    nextPage: 'a[rel=next]',
    noResults: '.geen-aanbod',
    ...extra,
  })
const card = (id: number, { price = '€ 1.250 per maand', rooms = '3 kamers', status = 'Beschikbaar' } = {}) =>
  `<li class="home"><a href="/woning/${id}/"><span class="address">Molenstraat ${id}</span></a>
   <span class="city">Delft</span><span class="price">${price}</span><span class="rooms">${rooms}</span>
   <span class="status">${status}</span></li>`
const listPage = (body: string, opts = options()) =>
  htmlCards
    .build(site, opts)
    .parseListPage(createPage({ url: LIST, label: 'list' }, LIST, 200, `<main>${body}</main>`))

const NO_README = { test: 'files', reason: 'a site file’s description and termsNote are its README' } as const
describe('the html-cards example site', () =>
  runSourceContract(exampleOnPreset(htmlCards), { skip: [NO_README], folder: exampleFolder(htmlCards) }))

describe('html-cards list pages', () => {
  it('reads each card into a listing, leaves out let homes and follows the next page', () => {
    const result =
      listPage(`<ul>${card(1)}${card(2, { status: 'Verhuurd' })}${card(3, { status: 'Onder optie' })}</ul>
      <a rel="next" href="?page=2">Volgende</a>`)
    expect(
      result.listings?.map((l) => [l.sourceListingId, l.street, l.houseNumber, l.price, l.rooms]),
    ).toEqual([
      ['/woning/1', 'Molenstraat', '1', 1250, '3 kamers'],
      ['/woning/3', 'Molenstraat', '3', 1250, '3 kamers'],
    ])
    expect(result.nextRequest?.url).toBe(`${LIST}?page=2`)
  })

  it('makes a card without a price a listing the validation refuses, naming the field', () => {
    const [listing] = listPage(`<ul>${card(1, { price: '' })}${card(2)}</ul>`).listings ?? []
    expect(listingSchema.safeParse(listing).error?.issues.map((i) => i.path.join('.'))).toEqual(['price'])
  })

  it('says an empty search has no results, and fails a page with neither cards nor that', () => {
    expect(listPage('<p class="geen-aanbod">Geen aanbod</p>')).toEqual({ listings: [], noResults: true })
    expect(() => listPage('<p>Onderhoud</p>')).toThrow(/^options\.card \(li\.home\) matches nothing/)
  })

  it('fails a page where a field selector matches in none of the cards, naming the option', () => {
    const page = `<ul>${card(1)}${card(2)}</ul>`.replaceAll('class="rooms"', 'class="kamers"')
    expect(() => listPage(page)).toThrow(ParseError)
    expect(() => listPage(page)).toThrow(
      /^options\.fields\.rooms \(\.rooms\) matches nothing in any of the 2 cards/,
    )
    // A status shown on no card says every home is on offer.
    expect(
      listPage(`<ul>${card(1)}</ul>`.replace(/<span class="status">.*?<\/span>/, '')).listings,
    ).toHaveLength(1)
  })
})

describe('html-cards detail pages', () => {
  const withDetail = options({
    idPattern: '/woning/(\\d+)/',
    detail: { fields: { area: '.object-area', energyLabel: '.object-label' } },
  })
  const crawl = htmlCards.build(site, withDetail)

  it('asks for each card’s detail page with what the card shows, and puts the page’s fields over it', () => {
    const [request] = crawl.parseListPage(
      createPage({ url: LIST, label: 'list' }, LIST, 200, `<ul>${card(7)}</ul>`),
    ).detailRequests as SourceRequest[]
    expect(request).toMatchObject({ url: 'https://www.acme-homes.nl/woning/7/', label: 'detail' })
    expect(request!.card).toContain('Molenstraat 7')
    const html = '<h1>Molenstraat 7</h1><p class="object-area">71 m²</p><p class="object-label">Label B</p>'
    const listing = crawl.parseDetailPage!(createPage(request!, request!.url, 200, html))
    expect(listingSchema.parse(listing)).toMatchObject({
      sourceListingId: '7',
      price: 1250,
      surfaceArea: 71,
      energyLabel: 'B',
      city: 'Delft',
    })
  })

  it('fails a detail page where none of its selectors matches', () => {
    const url = 'https://www.acme-homes.nl/woning/7/'
    expect(() =>
      crawl.parseDetailPage!(createPage({ url, label: 'detail' }, url, 200, '<h1>Inloggen</h1>')),
    ).toThrow(/^None of options\.detail\.fields matches/)
  })
})

describe('html-cards options', () => {
  it('refuses a selector cheerio cannot read and an id pattern without a group', () => {
    const issues = htmlCardsOptions.safeParse({
      lists: { rent: LIST },
      card: 'li[',
      idPattern: '/woning/\\d+',
      fields: { price: '.price', city: '.city' },
    }).error?.issues
    expect(issues?.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'card: is not a CSS selector',
      'idPattern: must be a regular expression with a (group) around the id',
    ])
  })
})
