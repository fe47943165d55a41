import { mkdtempSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { crawlSource } from '../../../src/crawl/crawl-source.js'
import { loadSiteFiles } from '../../../src/declarative/index.js'
import { SiteFileError } from '../../../src/errors.js'
import {
  createPage,
  type ListingSource,
  listingSchema,
  ParseError,
  type SourceRequest,
} from '../../../src/kit/index.js'
import type { Listing } from '../../../src/kit/listing.js'
import type { RejectedListing } from '../../../src/parse/index.js'
import { runSourceContract } from '../../../test/contract/source-adapter.case.js'
import { writeSiteFile } from '../../../test/declarative/site-files.js'
import { useHarness } from '../../../test/fetch/harness.js'
import type { StaticAnswer } from '../../../test/fetch/local-site.js'
import { exampleFolder, exampleOnPreset } from '../../../test/helpers/preset-site.js'
import { ALL_PRESETS } from '../../../test/helpers/registry.js'
import { useTempDir } from '../../../test/helpers/temp-dir.js'
import wordpress from './index.js'

const NO_README = { test: 'files', reason: 'a site file’s description and termsNote are its README' } as const
const EXAMPLE = 'https://www.example-wordpress.test'
const FIRST_PAGE = `${EXAMPLE}/wp-json/wp/v2/woning?per_page=100&page=1`
const exampleFile = parse(readFileSync(join(exampleFolder(wordpress), 'source.yml'), 'utf8')) as {
  options: Record<string, unknown>
}
const fixturePosts = JSON.parse(
  readFileSync(join(exampleFolder(wordpress), 'fixtures', 'list-woning.json'), 'utf8'),
) as Record<string, unknown>[]

// The example is no source (its domain is reserved), so the contract suite over the sources does not reach it.
const example = exampleOnPreset(wordpress)
describe('the wordpress example site', () =>
  runSourceContract(example, { skip: [NO_README], folder: exampleFolder(wordpress) }))

/** The example with other options: the example's own, with `options` replacing some keys. */
const withOptions = (options: Record<string, unknown>, change: Record<string, unknown> = {}) =>
  exampleOnPreset(wordpress, { ...change, options: { ...exampleFile.options, ...options } })

/** A page of the list as `source` reads it, answered with `body` and `headers`. */
function list(
  source: ListingSource,
  body: unknown,
  headers: Record<string, string> = {},
  request: SourceRequest = { url: FIRST_PAGE, label: 'list' },
) {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  return source.parseListPage(createPage(request, request.url, 200, text, headers))
}
const listingsOf = (posts: unknown[]) => list(example, posts).listings ?? []
const post = (id: number) => structuredClone(fixturePosts.find((p) => p['id'] === id)!)

describe('the wordpress preset: requests', () => {
  it('asks for the first page of the post type, 100 posts at a time, for the scope’s types', () => {
    expect(example.startRequests({ cities: ['Delft'], types: ['rent'] })).toEqual([
      { url: FIRST_PAGE, label: 'list' },
    ])
  })
  it('adds the site file’s query and reads its API path and page size', () => {
    const site = withOptions({ apiPath: '/nl/wp-json/wp/v2/', perPage: 24, query: { status: 12 } })
    expect(site.startRequests({ cities: [], types: ['buy'] })[0]?.url).toBe(
      `${EXAMPLE}/nl/wp-json/wp/v2/woning?status=12&per_page=24&page=1`,
    )
  })
  it('sends nothing for a scope of types the site does not carry', () => {
    const rentOnly = exampleOnPreset(wordpress, { offers: ['rent'] })
    expect(rentOnly.startRequests({ cities: ['Utrecht'], types: ['buy'] })).toEqual([])
  })
})

describe('the wordpress preset: posts', () => {
  it('reads the rendered title as text: entities decoded, tags dropped', () => {
    const [listing] = listingsOf([post(409)])
    expect(listing).toMatchObject({ street: '’s-Gravendijkwal', houseNumber: '90 B' })
    const tagged = { ...post(412), title: { rendered: 'Oudegracht <em>12</em> &#8211; nieuw' } }
    expect(listingsOf([tagged])[0]).toMatchObject({ street: 'Oudegracht', houseNumber: '12 – nieuw' })
  })
  it('reads prices written as text, and "op aanvraag" as a price on request', () => {
    const prices = listingsOf(fixturePosts).map((l) => [l.sourceListingId, l.price, l.priceOnRequest])
    expect(prices).toEqual([
      ['412', 1250, false],
      ['409', 1450, false],
      ['398', 395_000, false],
      ['391', null, true],
    ])
  })
  it('reads an ACF field left empty (false) as not given', () => {
    const [listing] = listingsOf([post(409)])
    expect(listingSchema.parse(listing)).toMatchObject({
      energyLabel: null,
      yearBuilt: null,
      surfaceArea: 68,
    })
  })
  it('leaves out homes let or sold, and keeps those under option', () => {
    const ids = listingsOf(fixturePosts).map((l) => l.sourceListingId)
    expect(ids).not.toContain('405')
    expect(ids).toContain('409')
  })
  it('tells rent from sale by the offer field, and keeps only the types the site file lists', () => {
    const types = (source: ListingSource) =>
      list(source, fixturePosts).listings!.map((l) => `${l.sourceListingId}:${l.type}`)
    expect(types(example)).toEqual(['412:rent', '409:rent', '398:buy', '391:buy'])
    expect(types(exampleOnPreset(wordpress, { offers: ['buy'] }))).toEqual(['398:buy', '391:buy'])
  })
  it('reads taxonomy term ids, and a site whose posts are all of one offer type', () => {
    const byTerms = {
      offer: { field: 'woningtype', rent: ['7'], buy: ['8'] },
      fields: { price: 'acf.prijs', city: 'acf.plaats', status: 'woningstatus' },
    }
    const terms = (extra: Record<string, unknown>) => ({ ...post(412), ...extra })
    const posts = [terms({ woningtype: [3, 7] }), terms({ woningtype: [8], woningstatus: [21] })]
    expect(list(withOptions(byTerms), posts).listings?.map((l) => l.type)).toEqual(['rent', 'buy'])
    const letTerm = withOptions({ ...byTerms, takenStatuses: ['21'] })
    expect(list(letTerm, posts).listings?.map((l) => l.type)).toEqual(['rent'])
    const rentals = withOptions({ offer: 'rent' })
    expect(list(rentals, [post(398)]).listings?.map((l) => l.type)).toEqual(['rent'])
  })
  it('makes a post without ACF fields, or of no readable offer type, a listing the validation refuses by name', () => {
    const [noFields, noOffer, noAcf] = listingsOf([
      { ...post(412), acf: [] },
      { ...post(409), acf: { ...(post(409)['acf'] as object), soort: 'Bedrijfspand' } },
      (({ acf: _, ...rest }) => rest)(post(412)),
    ])
    const fields = (listing: unknown) =>
      listingSchema.safeParse(listing).error?.issues.map((i) => i.path.join('.'))
    // The price is checked once every field reads: a post that also lacks it is refused for the others first.
    expect(fields(noFields)).toEqual(['type', 'city'])
    expect(fields(noOffer)).toEqual(['type'])
    expect(fields(noAcf)).toEqual(['type', 'city'])
  })
  it('throws ParseError for a WordPress error, a body that is no list, or one that is not JSON', () => {
    const error = { code: 'rest_no_route', message: 'No route was found', data: { status: 404 } }
    expect(() => list(example, error)).toThrow(ParseError)
    expect(() => list(example, error)).toThrow(/WordPress answered rest_no_route: No route was found/)
    expect(() => list(example, { posts: [] })).toThrow(/not a list/)
    expect(() => list(example, '<html>Onderhoud</html>')).toThrow(/not JSON/)
  })
})

describe('the wordpress preset: pages', () => {
  const pageRequest = (page: number): SourceRequest => ({
    url: `${EXAMPLE}/wp-json/wp/v2/woning?per_page=100&page=${page}`,
    label: 'list',
  })
  it('asks for the next page while X-WP-TotalPages says there is one', () => {
    const second = list(example, fixturePosts, { 'X-WP-TotalPages': '3' }, pageRequest(2))
    expect(second.nextRequest).toEqual(pageRequest(3))
    expect(
      list(example, fixturePosts, { 'X-WP-TotalPages': '3' }, pageRequest(3)).nextRequest,
    ).toBeUndefined()
  })
  it('without the header, asks for the next page after a full one only', () => {
    const small = withOptions({ perPage: 5 })
    expect(list(small, fixturePosts).nextRequest?.url).toBe(
      `${EXAMPLE}/wp-json/wp/v2/woning?per_page=5&page=2`,
    )
    expect(list(small, fixturePosts.slice(0, 4)).nextRequest).toBeUndefined()
  })
  it('says an empty list, or a last page with nothing on offer, has no results', () => {
    expect(list(example, [], { 'x-wp-totalpages': '0' })).toEqual({
      listings: [],
      nextRequest: undefined,
      noResults: true,
    })
    expect(list(example, [post(405)]).noResults).toBe(true)
  })
})

describe('the wordpress preset: a site on 127.0.0.1, through the real fetch path', () => {
  const h = useHarness()
  const dir = useTempDir()
  const answer = (posts: unknown[], pages: number): StaticAnswer => ({
    headers: {
      'content-type': 'application/json; charset=UTF-8',
      'x-wp-total': String(pages * 2),
      'x-wp-totalpages': String(pages),
    },
    body: JSON.stringify(posts),
  })

  it('reads every page the headers announce; a malformed post is rejected with its reason, the page read on', async () => {
    const broken = { ...post(409), id: 409, acf: [] }
    const site = await h.site({
      '/wp-json/wp/v2/woning?per_page=2&page=1': answer([post(412), post(405)], 3),
      '/wp-json/wp/v2/woning?per_page=2&page=2': answer([broken, post(398)], 3),
      // A full last page: only the header says that it is the last.
      '/wp-json/wp/v2/woning?per_page=2&page=3': answer([post(391), post(405)], 3),
    })
    const source = withOptions({ perPage: 2 }, { homepage: `${site.origin}/` })
    const listings: Listing[] = []
    const rejected: RejectedListing[] = []
    const outcome = await crawlSource(source, {
      fetcher: h.fetcher({ politenessScale: 0 }).fetcher,
      scope: { cities: ['Utrecht'], types: ['rent', 'buy'] },
      failedDir: join(dir, 'failed'),
      onListing: (listing) => listings.push(listing),
      onReject: (reject) => rejected.push(reject),
    })
    expect(site.requests.filter((r) => r.path.startsWith('/wp-json')).map((r) => r.path)).toEqual([
      '/wp-json/wp/v2/woning?per_page=2&page=1',
      '/wp-json/wp/v2/woning?per_page=2&page=2',
      '/wp-json/wp/v2/woning?per_page=2&page=3',
    ])
    expect(listings.map((l) => [l.sourceListingId, l.type, l.price, l.city])).toEqual([
      ['412', 'rent', 1250, 'Utrecht'],
      ['398', 'buy', 395_000, 'Den Haag'],
      ['391', 'buy', null, 'Den Haag'],
    ])
    expect(rejected).toEqual([
      expect.objectContaining({
        url: 'https://www.example-wordpress.test/woning/s-gravendijkwal-90-b-rotterdam/',
        reason: expect.stringMatching(/^type: .*; city: /),
      }),
    ])
    expect(outcome.status).toBe('ok')
  })
})

describe('a site file on the wordpress preset', () => {
  const roots = useTempDir('propdata-wordpress-site-')
  const SITE = `id: acme-wonen
name: Acme Wonen
homepage: https://www.acme-wonen.nl/
description: A letting agent whose site runs on WordPress.
preset: wordpress
offers: [rent]
politeness: { concurrency: 1, intervalCap: 1, interval: 2000 }
terms: unknown
termsNote: The site says nothing about automated collection.
evidence: { kind: none, why: A test. }
options:
  postType: woning
  perPage: 100
  offer: rent
  fields:
    price: acf.huurprijs
    city: acf.plaats
`
  const load = (text: string) =>
    loadSiteFiles(writeSiteFile(mkdtempSync(join(roots, 's-')), 'acme-wonen', text), ALL_PRESETS)
  const errorOf = (text: string): string => {
    try {
      load(text)
    } catch (error) {
      expect(error).toBeInstanceOf(SiteFileError)
      return (error as Error).message
    }
    throw new Error('the site file loaded')
  }

  it('loads, and asks for its post type', () => {
    const [source] = load(SITE)
    expect(source?.startRequests({ cities: [], types: ['rent'] })[0]?.url).toBe(
      'https://www.acme-wonen.nl/wp-json/wp/v2/woning?per_page=100&page=1',
    )
  })
  it('names a bad option in one line: a page size WordPress refuses, a missing field, an unknown offer', () => {
    expect(errorOf(SITE.replace('perPage: 100', 'perPage: 500'))).toBe(
      'sources/acme-wonen/source.yml:13: options.perPage: 500 must be at most 100',
    )
    expect(errorOf(SITE.replace('    city: acf.plaats\n', ''))).toBe(
      'sources/acme-wonen/source.yml:15: options.fields.city: missing',
    )
    expect(errorOf(SITE.replace('offer: rent', 'offer: huur'))).toBe(
      'sources/acme-wonen/source.yml:14: options.offer: "huur" is not rent or buy, nor { field: <dotted path> } naming the field that says which',
    )
    expect(errorOf(SITE.replace('offer: rent', 'offer: { field: acf soort }'))).toBe(
      'sources/acme-wonen/source.yml:14: options.offer.field: must be a dotted path such as data.objects or adres.straat',
    )
    expect(errorOf(SITE.replace('perPage: 100', 'query: { page: 2 }'))).toMatch(
      /^sources\/acme-wonen\/source\.yml:13: options\.query: page and per_page are set by the preset/,
    )
  })
})
