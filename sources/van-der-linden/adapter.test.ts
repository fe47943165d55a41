import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createPage } from '../../src/kit/index.js'
import vanDerLinden from './adapter.js'

const FIXTURES = join(import.meta.dirname, 'fixtures')
const LIST_URL = 'https://www.vanderlinden.nl/woning-huren/'
const DETAIL_URL = 'https://www.vanderlinden.nl/huurwoning/Krijn-Taconiskade-539-Amsterdam/2617/'
const read = (file: string) => readFileSync(join(FIXTURES, file), 'utf8')
const list = (body: string) =>
  vanDerLinden.parseListPage(createPage({ url: LIST_URL, label: 'list' }, LIST_URL, 200, body))

describe('van-der-linden rentals page', () => {
  it('skips a project priced as a range and carries each card’s energy label to its detail request', () => {
    const requests = list(read('list-woning-huren-excerpt.html')).detailRequests!
    expect(requests.map((r) => r.url)).not.toContain(
      'https://www.vanderlinden.nl/huurwoning/West-Block-Amsterdam/522/',
    )
    expect(requests.map((r) => r.userData?.energyLabel)).toEqual(['A', null, 'A', 'A', 'A++'])
  })

  it('says "no results" for a count of 0 and throws a ParseError for a page without count or cards', () => {
    const empty =
      '<div id="zoekresultaten"><span class="text-80">0 huurwoningen gevonden die (direct) beschikbaar zijn.</span></div>'
    expect(list(empty)).toEqual({ noResults: true })
    expect(() => list('<html><body><h1>Woning huren</h1></body></html>')).toThrow(/layout changed/)
  })

  it('fetches the one rentals page whatever the cities, and nothing for sales', () => {
    expect(vanDerLinden.startRequests({ cities: ['Amsterdam', 'Almere'], types: ['rent'] })).toEqual([
      { url: LIST_URL, label: 'list' },
    ])
    expect(vanDerLinden.startRequests({ cities: ['Amsterdam'], types: ['buy'] })).toEqual([])
  })
})

describe('van-der-linden detail pages', () => {
  it('takes the energy label the card showed, not the one in the description', () => {
    const page = createPage(
      { url: DETAIL_URL, label: 'detail', userData: { energyLabel: 'A++' } },
      DETAIL_URL,
      200,
      read('detail-krijn-taconiskade-539.html'),
    )
    expect(vanDerLinden.parseDetailPage!(page)).toMatchObject({
      street: 'Krijn Taconiskade',
      houseNumber: '539',
      energyLabel: 'A++',
    })
  })
})
