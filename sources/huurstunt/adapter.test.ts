import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createPage, ParseError } from '../../src/kit/index.js'
import huurstunt from './adapter.js'

const URL = 'https://www.huurstunt.nl/huren/delft'
const list = (html: string) =>
  huurstunt.parseListPage(createPage({ url: URL, label: 'list' }, URL, 200, html))
const recorded = readFileSync(join(import.meta.dirname, 'fixtures', 'list-delft-excerpt.html'), 'utf8')

describe('huurstunt search pages', () => {
  it('skips locked and let cards and keeps the rest, those under option included', () => {
    const ids = list(recorded).listings!.map((l) => l.sourceListingId)
    expect(ids).toEqual(['fxH5E', 'fu8Ly', 'eN1IO', 'dgih7'])
    const optioned = recorded.replace(' Te huur\n </span>', ' Onder optie\n </span>')
    expect(list(optioned).listings!.map((l) => l.sourceListingId)).toContain('fxH5E')
    const rented = recorded.replace(' Te huur\n </span>', ' Verhuurd\n </span>')
    expect(list(rented).listings!.map((l) => l.sourceListingId)).not.toContain('fxH5E')
  })
  it('reads "huurwoning" as a house', () => {
    const house = recorded.replace(
      '/appartement/huren/in/delft/kruisstraat/fxH5E',
      '/huurwoning/huren/in/delft/kruisstraat/fxH5E',
    )
    expect(list(house).listings![0]).toMatchObject({ sourceListingId: 'fxH5E', dwellingType: 'house' })
  })
  it('says an empty search has no results and a page without the result list changed its layout', () => {
    expect(list('<section id="result-list"><div></div></section>')).toEqual({ noResults: true })
    expect(() => list('<html><body><h1>Even geduld</h1></body></html>')).toThrow(ParseError)
  })
})
