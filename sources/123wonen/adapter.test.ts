import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createPage, listingSchema } from '../../src/kit/index.js'
import wonen from './adapter.js'

const FIXTURES = join(import.meta.dirname, 'fixtures')
const LIST_URL = 'https://www.123wonen.nl/huurwoningen/in/rotterdam'
const DETAIL_URL = 'https://www.123wonen.nl/huur/rotterdam/appartement/lotustuin-2348-26'
const read = (file: string) => readFileSync(join(FIXTURES, file), 'utf8')
const list = (body: string) =>
  wonen.parseListPage(createPage({ url: LIST_URL, label: 'list' }, LIST_URL, 200, body))
const detail = (body: string, userData?: Record<string, unknown>) =>
  wonen.parseDetailPage!(createPage({ url: DETAIL_URL, label: 'detail', userData }, DETAIL_URL, 200, body))

describe('123wonen search pages', () => {
  it('carries each card’s energy label to its detail request, skips the let home, and gives every card its own digest', () => {
    const requests = list(read('list-rotterdam-excerpt.html')).detailRequests!
    expect(requests.map((r) => r.userData)).toEqual([
      { energyLabel: null },
      { energyLabel: 'A++' },
      { energyLabel: 'A' },
    ])
    expect(new Set(requests.map((r) => r.card)).size).toBe(requests.length)
  })

  it('says "no results" for an empty search and throws a ParseError for a page that is not a search', () => {
    const empty =
      '<div class="json-imzlistcontrols"><div class="row"><div>Gevonden <i>0</i></div></div></div>'
    expect(list(empty)).toEqual({ noResults: true })
    expect(() => list('<html><body><h1>Pagina niet gevonden</h1></body></html>')).toThrow(/layout changed/)
  })
})

describe('123wonen detail pages', () => {
  it('takes the energy label the search card showed', () => {
    expect(detail(read('detail-lotustuin.html'), { energyLabel: 'B' })).toMatchObject({ energyLabel: 'B' })
  })

  it('rejects a year it cannot read instead of storing it as missing', () => {
    const changed = read('detail-lotustuin.html').replace(/\n 2005\n/, '\n ooit\n')
    const issues = listingSchema
      .safeParse(detail(changed))
      .error?.issues.map((i) => `${i.path}: ${i.message}`)
    expect(issues).toEqual(['yearBuilt: "ooit" is not a year'])
  })

  it('throws a ParseError on a page without the listing heading', () => {
    expect(() => detail('<html><body><h1>Aanbod</h1></body></html>')).toThrow(/layout changed/)
  })
})
