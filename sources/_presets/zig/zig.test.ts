import { describe, expect, it } from 'vitest'
import { createPage, type ListingSource, listingSchema, ParseError } from '../../../src/kit/index.js'
import { expectedPathOf, listFixtures, parsePageFixture } from '../../../test/contract/source-fixtures.js'
import { siteOnPreset } from '../../../test/helpers/preset-site.js'
import zig from './index.js'

const SITES = ['holland-rijnland', 'plaza', 'roommatch', 'woonnet-haaglanden']

const loadSite = (id: string): ListingSource => siteOnPreset(zig, id)

const ENDPOINT = 'https://www.woonnet-haaglanden.nl/portal/object/frontend/getallobjects/format/json'
const respond = (body: string) =>
  loadSite('woonnet-haaglanden').parseListPage(
    createPage({ url: ENDPOINT, label: 'list' }, ENDPOINT, 200, body),
  )

describe.each(SITES)('the Zig preset on %s', (id) => {
  const source = loadSite(id)
  const fixtures = listFixtures(id, 'crawl')

  it('has a site file the schema accepts, and fixtures', () => {
    expect(source.id).toBe(id)
    expect(fixtures.length).toBeGreaterThan(0)
  })
  it('reads every fixture into its committed expected JSON', async () => {
    for (const fixture of fixtures) {
      const output = `${JSON.stringify(parsePageFixture(source, fixture), null, 2)}\n`
      await expect(output).toMatchFileSnapshot(expectedPathOf(fixture))
    }
  })
  it('yields only valid listings on the portal’s own host', () => {
    for (const fixture of fixtures) {
      const out = parsePageFixture(source, fixture)
      if (!('listings' in out)) throw new Error(`${fixture.file} is not a list page`)
      expect(out.listings.length).toBeGreaterThan(0)
      for (const listing of out.listings) {
        expect(listingSchema.safeParse(listing).error?.issues ?? []).toEqual([])
        expect(new URL((listing as { url: string }).url).host).toBe(new URL(source.homepage).host)
      }
    }
  })
})

describe('the Zig preset', () => {
  it('asks for the whole offer once, only when the portal covers a city of the scope', () => {
    const haaglanden = loadSite('woonnet-haaglanden')
    expect(haaglanden.startRequests({ cities: ['Utrecht', "'s-Gravenhage"], types: ['rent'] })).toEqual([
      { url: ENDPOINT, headers: { 'x-requested-with': 'XMLHttpRequest' }, label: 'list' },
    ])
    expect(haaglanden.startRequests({ cities: ['Utrecht'], types: ['rent'] })).toEqual([])
    expect(haaglanden.startRequests({ cities: ['Delft'], types: ['buy'] })).toEqual([])
    // A portal without regions covers the whole country.
    expect(loadSite('plaza').startRequests({ cities: ['Groningen'], types: ['rent'] })).toHaveLength(1)
  })
  it('throws ParseError when the response lost its result list, or is not JSON', () => {
    expect(() => respond('{"sAngularServiceData":"[]","objects":[]}')).toThrow(ParseError)
    expect(() => respond('<html><body>Onderhoud</body></html>')).toThrow(/Not a Zig getallobjects response/)
  })
  it('says an empty offer has no results', () => {
    expect(respond('{"sAngularServiceData":"[]","result":[]}')).toEqual({ listings: [], noResults: true })
  })
  it('turns a malformed object into a listing that validation rejects, not a crash', () => {
    const { listings } = respond('{"result":[{"id":12,"street":42,"city":"Delft"},"nonsense",[1]]}')
    expect(listings).toHaveLength(3)
    for (const listing of listings ?? []) expect(listingSchema.safeParse(listing).success).toBe(false)
  })
  it('refuses a site file whose options name no detail path', () => {
    expect(zig.options.safeParse({}).success).toBe(false)
    expect(zig.options.safeParse({ detailPath: 'aanbod/details' }).success).toBe(false)
    expect(zig.options.parse({ detailPath: '/aanbod/details/' })).toMatchObject({
      homeCategories: ['woning'],
    })
  })
})
