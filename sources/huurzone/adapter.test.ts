import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cardOf, createPage, ParseError } from '../../src/kit/index.js'
import huurzone from './adapter.js'

const FIXTURES = join(import.meta.dirname, 'fixtures')
const LIST_URL = 'https://www.huurzone.nl/huurwoningen/rotterdam'
const DETAIL_URL = 'https://www.huurzone.nl/huurwoningen/zuid-holland/rotterdam/1231315'
const list = (html: string) =>
  huurzone.parseListPage(createPage({ url: LIST_URL, label: 'list' }, LIST_URL, 200, html))
const detail = (html: string) =>
  huurzone.parseDetailPage!(createPage({ url: DETAIL_URL, label: 'detail' }, DETAIL_URL, 200, html))
const recordedDetail = readFileSync(join(FIXTURES, 'detail-1231315-excerpt.html'), 'utf8')

describe('huurzone search pages', () => {
  it('gives each detail request the card’s facts, so an unchanged card can be skipped', () => {
    const { detailRequests } = list(readFileSync(join(FIXTURES, 'list-rotterdam-excerpt.html'), 'utf8'))
    expect(detailRequests![0]!.card).toBe(
      cardOf({
        title: 'Kamer in Rotterdam',
        place: 'Rotterdam, Zuid-Holland',
        figures: '€ 550,00 / maand 15 m2 1',
      }),
    )
  })
  it('says an empty search has no results and a page without results changed its layout', () => {
    expect(list('<div data-instant-search-output="results"></div>')).toEqual({ noResults: true })
    expect(() => list('<html><body><p>Onderhoud</p></body></html>')).toThrow(ParseError)
  })
})

describe('huurzone detail pages', () => {
  it('leaves the street out when the page hides it behind the paid plan', () => {
    expect(detail(recordedDetail)).toMatchObject({ street: null, houseNumber: null, postcode: '3039HL' })
  })
  it('reads a street the page does show', () => {
    const shown = recordedDetail.replace(
      /<a class="inline-flex items-center outline-button[\s\S]*?<\/a>/,
      'Schiedamseweg 12',
    )
    expect(detail(shown)).toMatchObject({ street: 'Schiedamseweg', houseNumber: '12' })
  })
  it('throws ParseError when the JSON-LD listing is gone', () => {
    expect(() => detail('<html><head></head><body><h1>Appartement</h1></body></html>')).toThrow(ParseError)
  })
})
