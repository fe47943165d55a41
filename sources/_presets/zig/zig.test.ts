import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createPage, type ListingSource, listingSchema, ParseError } from '../../../src/kit/index.js'
import {
  expectedPathOf,
  listFixtures,
  parsePageFixture,
  SOURCES_DIR,
  sourceFolder,
} from '../../../test/contract/source-fixtures.js'
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
  const fixtures = listFixtures(sourceFolder(id), 'crawl')

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

describe('the Zig preset on the aanbod API (aanbodApi)', () => {
  const API = 'https://woonnethaaglanden-aanbodapi.zig365.nl'
  const onApi = siteOnPreset(zig, 'woonnet-haaglanden', {
    hosts: ['woonnethaaglanden-aanbodapi.zig365.nl'],
    options: { detailPath: '/aanbod/nu-te-huur/te-huur/details/', aanbodApi: API },
  })
  const ENDPOINT_URL = `${API}/api/v1/actueel-aanbod?limit=1000&page=0&locale=nl_NL`
  const answer = (body: string) =>
    onApi.parseListPage(createPage({ url: ENDPOINT_URL, label: 'list' }, ENDPOINT_URL, 200, body))
  // The recorded getallobjects objects, in the aanbod API's envelope (the objects under `data`), as open-source
  // clients of the endpoint read it; no answer of the endpoint itself has been recorded.
  const recorded = JSON.parse(
    readFileSync(join(SOURCES_DIR, 'woonnet-haaglanden', 'fixtures', 'list-all-objects.json'), 'utf8'),
  ) as { result: unknown[] }

  it('asks the aanbod API for the whole offer instead of getallobjects', () => {
    expect(onApi.startRequests({ cities: ["'s-Gravenhage"], types: ['rent'] })).toEqual([
      { url: ENDPOINT_URL, headers: { 'x-requested-with': 'XMLHttpRequest' }, label: 'list' },
    ])
  })
  it('reads the objects under data into the same listings, on the portal’s own host', () => {
    const { listings } = answer(JSON.stringify({ data: recorded.result }))
    const fromGetAllObjects = respond(JSON.stringify(recorded)).listings
    expect(listings).toEqual(fromGetAllObjects)
    expect(listings?.length).toBeGreaterThan(0)
    for (const listing of listings ?? [])
      expect(new URL((listing as { url: string }).url).host).toBe('www.woonnet-haaglanden.nl')
  })
  it('throws ParseError naming data when the answer has no data list', () => {
    expect(() => answer(JSON.stringify(recorded))).toThrow(/Not a Zig aanbod API response \(no "data" list\)/)
    expect(answer('{"data":[]}')).toEqual({ listings: [], noResults: true })
  })
  it('refuses an aanbodApi that is not an https origin', () => {
    for (const aanbodApi of [
      'http://x-aanbodapi.zig365.nl',
      'https://x-aanbodapi.zig365.nl/api/v1',
      'aanbodapi',
    ])
      expect(zig.options.safeParse({ detailPath: '/aanbod/details/', aanbodApi }).success).toBe(false)
  })
})
