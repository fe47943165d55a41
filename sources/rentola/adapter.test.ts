import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createPage, listingSchema } from '../../src/kit/index.js'
import rentola from './adapter.js'

const URL = 'https://rentola.nl/huren/delft'
const html = readFileSync(join(import.meta.dirname, 'fixtures', 'list-delft-excerpt.html'), 'utf8')
const parse = (body: string) => rentola.parseListPage(createPage({ url: URL, label: 'list' }, URL, 200, body))
const jsonLd = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`

describe('rentola search pages', () => {
  it('keeps street and postcode of the geocoded address but never its house number', () => {
    const listings = parse(html).listings!
    expect(listings.map((l) => [l.street, l.houseNumber ?? null, l.postcode])).toEqual([
      ['Achterom', null, '2611 PR'],
      ['Duke Ellingtonstraat', null, '2625 GB'],
      ['Delflandplein', null, '2624 GD'],
      ['Van Embdenstraat', null, '2628 ZL'],
      [null, null, '2627 CD'],
    ])
  })

  it('turns an item without a price into a listing that fails validation, naming the field', () => {
    const [listing] = parse(html.replace('"price":290,', '')).listings!
    expect(listingSchema.safeParse(listing).error?.issues.map((i) => i.path.join('.'))).toEqual(['price'])
  })

  it('says "no results" for an empty item list and throws a ParseError without the JSON-LD block', () => {
    const empty = jsonLd({
      '@type': 'SearchResultsPage',
      mainEntity: { '@type': 'ItemList', itemListElement: [] },
    })
    expect(parse(empty)).toEqual({ noResults: true })
    expect(() => parse('<html><head><title>Rentola</title></head></html>')).toThrow(/layout changed/)
  })

  it('follows a rel="next" link', () => {
    const paged = html.replace('</head>', '<link rel="next" href="/huren/delft?page=2"/></head>')
    expect(parse(paged).nextRequest?.url).toBe('https://rentola.nl/huren/delft?page=2')
  })
})
