import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createPage, listingSchema } from '../../src/kit/index.js'
import nederwoon from './adapter.js'

const URL = 'https://www.nederwoon.nl/search?search_type=1&city=Rotterdam'
const html = readFileSync(join(import.meta.dirname, 'fixtures', 'list-rotterdam.html'), 'utf8')
const parse = (body: string) =>
  nederwoon.parseListPage(createPage({ url: URL, label: 'list' }, URL, 200, body))

describe('nederwoon search pages', () => {
  it('says "no results" when the heading counts none', () => {
    expect(parse('<main><h1>Nergenshuizen - 0 resultaten</h1></main>')).toEqual({ noResults: true })
  })

  it('throws a ParseError on a page with neither a result count nor cards', () => {
    expect(() => parse('<html><body><h1>Onderhoud</h1></body></html>')).toThrow(/layout changed/)
  })

  it('turns a card whose area cannot be read into a listing that fails validation, naming the field', () => {
    const [listing] = parse(html.replace('Woonoppervlakte 74 m²', 'Woonoppervlakte groot')).listings!
    expect(listingSchema.safeParse(listing).error?.issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
      'surfaceArea: "Woonoppervlakte groot" is not an area',
    ])
  })

  it('follows the pager to the next page', () => {
    const paged = html.replace(
      '</main>',
      '<ul class="pagination"><li class="next"><a href="/search?city=Rotterdam&amp;page=2">»</a></li></ul></main>',
    )
    expect(parse(paged).nextRequest?.url).toBe('https://www.nederwoon.nl/search?city=Rotterdam&page=2')
  })

  it('searches each city of the scope by name', () => {
    expect(nederwoon.startRequests({ cities: ['Den Haag'], types: ['rent', 'buy'] })).toEqual([
      { url: 'https://www.nederwoon.nl/search?search_type=1&city=Den%20Haag', label: 'list' },
    ])
    expect(nederwoon.startRequests({ cities: ['Utrecht'], types: ['buy'] })).toEqual([])
  })
})
