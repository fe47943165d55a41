import { describe, expect, it } from 'vitest'
import { createPage, ParseError } from '../../src/kit/index.js'
import xior from './adapter.js'

const URL = 'https://www.xiorstudenthousing.eu/nl/netherlands/the-hague/'
const cityPage = (results: string) =>
  xior.parseListPage(
    createPage({ url: URL, label: 'list' }, URL, 200, `<html><body>${results}</body></html>`),
  )
const card = (name: string, slug: string) =>
  `<div class="filtered-homes-content"><h3>${name}</h3><div class="filtered-button">
   <div class="filtered-button-price"><h5>Vanaf EUR 700,00 <span>per maand</span></h5></div>
   <a href="/nl/netherlands/the-hague/${slug}/" class="btn-primary">Bekijk</a></div></div>`

describe('xior city pages', () => {
  it('opens the city page of each Xior city in the scope, under Xior’s own slug', () => {
    expect(xior.startRequests({ cities: ['Den Haag', 'Zwolle'], types: ['rent'] })).toEqual([
      { url: URL, label: 'list' },
    ])
  })
  it('reads each residence card as a listing in the page’s city', () => {
    const out = cityPage(
      `<div class="js-property-section-results">${card('Waldorpstraat', 'waldorpstraat')}</div>`,
    )
    expect(out.listings).toEqual([
      expect.objectContaining({
        sourceListingId: 'waldorpstraat',
        price: 700,
        street: 'Waldorpstraat',
        city: 'Den Haag',
      }),
    ])
  })
  it('says a city without residences has no results, and throws ParseError without the list', () => {
    const empty =
      '<div class="js-property-section-results"></div><p class="js-property-section-empty">Geen</p>'
    expect(cityPage(empty)).toMatchObject({ listings: [], noResults: true })
    expect(() => cityPage('<main>Onderhoud</main>')).toThrow(ParseError)
  })
})
