import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createPage, ParseError } from '../../src/kit/index.js'
import directwonen from './adapter.js'

const URL = 'https://directwonen.nl/huurwoningen-huren/delft'
const list = (html: string) =>
  directwonen.parseListPage(createPage({ url: URL, label: 'list' }, URL, 200, html))
const tiles = (inner: string) => `<div class="tiles-container">${inner}</div>`
const recorded = readFileSync(join(import.meta.dirname, 'fixtures', 'list-delft-excerpt.html'), 'utf8')

describe('directwonen search pages', () => {
  it('reads a members-only tile from its fold-out link, not the payment page', () => {
    const [first] = list(recorded).listings!
    expect(first).toMatchObject({ sourceListingId: '519407', street: 'Martinus Nijhofflaan', price: 1173 })
  })
  it('says an empty search has no results and a page without tiles changed its layout', () => {
    expect(list(tiles(''))).toEqual({ noResults: true })
    expect(() => list('<html><body><h1>Onderhoud</h1></body></html>')).toThrow(ParseError)
  })
  it('follows the link after the current page in the pager', () => {
    const pager =
      '<div class="pager"><div><a class="current" href="/huurwoningen-huren/delft">1</a><a href="/huurwoningen-huren/delft?pageno=2">2</a></div></div>'
    const html = recorded.replace('<div class="next-results-container"', `${pager}<div`)
    expect(list(html).nextRequest?.url).toBe('https://directwonen.nl/huurwoningen-huren/delft?pageno=2')
  })
  it('keeps a tile without a title or link as a listing that will fail validation, not a crash', () => {
    const [broken] = list(tiles('<div class="tile"><div class="advert-location-price">€ 900</div></div>'))
      .listings!
    expect(broken).toMatchObject({ sourceListingId: '', url: '', city: '', price: 900 })
  })
})
