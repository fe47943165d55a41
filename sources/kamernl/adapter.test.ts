import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createPage, listingSchema } from '../../src/kit/index.js'
import kamernl from './adapter.js'

const URL = 'https://www.kamer.nl/huren/kamer-delft/'
const html = readFileSync(join(import.meta.dirname, 'fixtures', 'list-kamer-delft-excerpt.html'), 'utf8')
const parse = (body: string) => kamernl.parseListPage(createPage({ url: URL, label: 'list' }, URL, 200, body))

describe('kamer.nl search pages', () => {
  it('asks one search page per city, of every kind of home, and none for homes for sale', () => {
    expect(kamernl.startRequests({ cities: ['Den Haag'], types: ['rent', 'buy'] })).toMatchObject([
      { url: 'https://www.kamer.nl/huren/den-haag/', label: 'list' },
    ])
    expect(kamernl.startRequests({ cities: ['Delft'], types: ['buy'] })).toEqual([])
  })

  it('reads street and town from the card, price and id from the item list', () => {
    const [first] = parse(html).listings!
    expect(first).toMatchObject({
      sourceListingId: '675658',
      url: 'https://www.kamer.nl/huren/kamer-delft/julianalaan/675658/',
      price: 535,
      surfaceArea: '16m²',
      rooms: '1 kamer',
      dwellingType: 'room',
      street: 'Julianalaan',
      city: 'Delft',
    })
    expect(listingSchema.parse(first)).toMatchObject({ surfaceArea: 16, rooms: 1 })
  })

  it('names street and town from the URL for a result whose card is missing', () => {
    const listings = parse(html).listings!
    expect(listings).toHaveLength(6)
    expect(listings[3]).toMatchObject({
      street: 'Vlamingstraat',
      city: 'Delft',
      surfaceArea: null,
      price: 590,
    })
  })

  it('leaves out a result its card says is let', () => {
    const let_ = html.replace(/(<p class="text-blue-800">\s*)Per direct beschikbaar/, '$1Verhuurd')
    expect(parse(let_).listings!.map((l) => l.sourceListingId)).not.toContain('675658')
  })

  it('says "no results" for an empty item list, and throws a ParseError for a page without results', () => {
    const empty = html.replace(/"itemListElement": \[[\s\S]*?\n {4}\]/, '"itemListElement": []')
    expect(parse(empty)).toEqual({ noResults: true })
    expect(() => parse('<html><title>Just a moment...</title></html>')).toThrow(/layout changed/)
  })

  it('follows the page’s own rel="next" link', () => {
    const paged = html.replace('</head>', '<link rel="next" href="/huren/kamer-delft/?page=2"></head>')
    expect(parse(paged).nextRequest?.url).toBe('https://www.kamer.nl/huren/kamer-delft/?page=2')
  })
})
