import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createPage, listingSchema, ParseError } from '../../../src/kit/index.js'
import { runSourceContract } from '../../../test/contract/source-adapter.case.js'
import { exampleFolder, exampleOnPreset } from '../../../test/helpers/preset-site.js'
import realworks from './index.js'

const HUUR = 'https://www.voorbeeld-makelaars.test/aanbod/woningaanbod/huur/'
const KOOP = 'https://www.voorbeeld-makelaars.test/aanbod/woningaanbod/koop/'

const NO_README = { test: 'files', reason: 'a site file’s description and termsNote are its README' } as const
// The example is no source (its domain is reserved), so the contract suite over the sources does not reach it.
const example = exampleOnPreset(realworks)
describe('the realworks example site', () =>
  runSourceContract(example, { skip: [NO_README], folder: exampleFolder(realworks) }))

const fixture = (name: string) => readFileSync(join(exampleFolder(realworks), 'fixtures', name), 'utf8')
const search = (body: string, url = HUUR) =>
  example.parseListPage(createPage({ url, label: 'list', userData: { type: 'rent' } }, url, 200, body))
/** One search card as the platform writes it, with the parts a test leaves out or changes. */
const card = (parts: { href?: string; kenmerken?: string; banner?: string; address?: string }) =>
  `<li class="al2woning aanbodEntry">${parts.banner ? `<div class="objectstatus"><span class="objectstatusbanner">${parts.banner}</span></div>` : ''}
  <a href="${parts.href ?? '/aanbod/woningaanbod/delft/koop/huis-30000001-Proefweg-1/'}" class="aanbodEntryLink">
  <div class="vakkenmerken">${parts.kenmerken ?? '<span class="kenmerk koopprijs"><span class="kenmerkValue"> &#8364; 425.000,- k.k. </span></span>'}</div>
  ${parts.address ?? '<h3 class="street-address">Proefweg 1</h3><span class="postal-code">2611 ZY</span> <span class="locality">Delft</span>'}
  </a></li>`
const page = (...cards: string[]) => `<html><body><ul>${cards.join('')}</ul></body></html>`

describe('the realworks preset', () => {
  it('asks for the search page of each offer type the scope and the site share', () => {
    expect(example.startRequests({ cities: ['Delft'], types: ['rent', 'buy'] })).toEqual([
      { url: HUUR, label: 'list', userData: { type: 'rent' } },
    ])
    const both = exampleOnPreset(realworks, {
      offers: ['rent', 'buy'],
      regions: ['Delft'],
    })
    expect(both.startRequests({ cities: ['Delft'], types: ['rent', 'buy'] }).map((r) => r.url)).toEqual([
      HUUR,
      KOOP,
    ])
    expect(both.startRequests({ cities: ['Leiden'], types: ['rent', 'buy'] })).toEqual([])
  })
  it('follows the pager to page 2, and stops on the last page', () => {
    expect(search(fixture('list-huur.html')).nextRequest).toEqual({
      url: `${HUUR}pagina-2/`,
      label: 'list',
      userData: { type: 'rent' },
    })
    expect(search(fixture('list-huur-pagina-2.html'), `${HUUR}pagina-2/`).nextRequest).toBeUndefined()
  })
  it('leaves out a card whose banner says the home is let, and keeps new and available ones', () => {
    expect(search(fixture('list-huur.html')).listings?.map((l) => l.sourceListingId)).toEqual([
      '20000001',
      '20000003',
    ])
    expect(search(page(card({ banner: 'Verkocht' }), card({ banner: 'Onder bod' }))).listings).toHaveLength(1)
  })
  it('reads a card of a home for sale, its offer type from its URL', () => {
    expect(search(page(card({})), KOOP).listings?.[0]).toMatchObject({
      sourceListingId: '30000001',
      type: 'buy',
      price: 425000,
      dwellingType: 'house',
      street: 'Proefweg',
      houseNumber: '1',
    })
  })
  it('says a search page with the "geen aanbod" message has no results', () => {
    const empty =
      '<html><body><div class="aanbod"><p>Momenteel geen huuraanbod beschikbaar.</p></div></body></html>'
    expect(search(empty)).toEqual({ listings: [], nextRequest: undefined, noResults: true })
  })
  it('throws ParseError for a page with neither cards nor that message', () => {
    expect(() => search('<html><body><ul class="objecten"><li>Proefweg 1</li></ul></body></html>')).toThrow(
      ParseError,
    )
  })
  it('turns a card without link or price into a listing that fails validation and says why', () => {
    const [broken] = search(page(card({ href: '', kenmerken: '' }))).listings ?? []
    const fields = listingSchema.safeParse(broken).error?.issues.map((i) => i.path.join('.'))
    expect(fields).toEqual(expect.arrayContaining(['sourceListingId', 'url', 'price']))
  })
})
