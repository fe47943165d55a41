import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createPage, ParseError } from '../../src/kit/index.js'
import interhouse from './adapter.js'
import { RESULTS_URL, resultsQuery, resultsRequest } from './results-request.js'

const FIXTURES = join(import.meta.dirname, 'fixtures')
const request = resultsRequest(resultsQuery('Rotterdam', 1))
const results = (html: string) => interhouse.parseListPage(createPage(request, RESULTS_URL, 200, html))
const recorded = readFileSync(join(FIXTURES, 'list-huur-excerpt.html'), 'utf8')
/** The recorded fragment with its first card's kind and status replaced. */
const firstCardAs = (kind: string, status: string) =>
  recorded
    .replace('Woning Te huur</span>', `${kind} Te huur</span>`)
    .replace(
      '<span class="building-status"> Beschikbaar </span>',
      `<span class="building-status"> ${status} </span>`,
    )

describe('interhouse results', () => {
  it('asks for one city, newest first, and asks the same search for the next page', () => {
    const [start] = interhouse.startRequests({ cities: ['Rotterdam'], types: ['rent'] })
    const query = new URLSearchParams(new URLSearchParams(start!.body).get('query')!)
    expect(query.get('search_city')).toBe('Rotterdam')
    expect(query.get('sort')).toBe('date-desc')
    const next = results(recorded).nextRequest!
    const nextQuery = new URLSearchParams(new URLSearchParams(next.body).get('query')!)
    expect(nextQuery.get('paging')).toBe('2')
    expect(nextQuery.get('search_city')).toBe('Rotterdam')
  })
  it('skips commercial space and homes already let', () => {
    expect(results(firstCardAs('Overige BOG panden', 'Beschikbaar')).detailRequests).toHaveLength(1)
    expect(results(firstCardAs('Woning', 'Verhuurd')).detailRequests).toHaveLength(1)
  })
  it('gives each detail request what its card shows', () => {
    expect(JSON.parse(results(recorded).detailRequests![0]!.card!)).toMatchObject({
      price: '€ 2.250 p/mnd Exclusief voorzieningen',
    })
  })
  it('says an empty search has no results and a fragment without a total changed its layout', () => {
    expect(results('<ul class="grid-1"></ul><input type="hidden" id="totalResults" value="0">')).toEqual({
      noResults: true,
    })
    expect(() => results('<p>Er ging iets mis</p>')).toThrow(ParseError)
  })
})

describe('interhouse listing pages', () => {
  const url = 'https://interhouse.nl/vastgoed/huur/hollandsche-rading/woning/dennenlaan/'
  const detail = (html: string) =>
    interhouse.parseDetailPage!(createPage({ url, label: 'detail' }, url, 200, html))
  it('dates the listing by the Dutch calendar day of its UTC publishing moment', () => {
    const html = readFileSync(join(FIXTURES, 'detail-dennenlaan-excerpt.html'), 'utf8')
    expect(detail(html).listedAt).toBe('2026-09-23')
  })
  it('throws ParseError when the feature tables are gone', () => {
    expect(() => detail('<html><body><article id="post-1"></article></body></html>')).toThrow(ParseError)
  })
})
