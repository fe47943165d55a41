import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createPage, ParseError } from '../../src/kit/index.js'
import mvgm from './adapter.js'

const FIXTURES = join(import.meta.dirname, 'fixtures')
const LIST_URL = 'https://ikwilhuren.nu/aanbod/rotterdam/'
const list = (html: string) =>
  mvgm.parseListPage(createPage({ url: LIST_URL, label: 'list' }, LIST_URL, 200, html))
const recorded = readFileSync(join(FIXTURES, 'list-rotterdam-excerpt.html'), 'utf8')

describe('mvgm search pages', () => {
  it('skips a card whose status says the home is let', () => {
    const let_ = recorded.replace(' Te huur\n </span>', ' Verhuurd\n </span>')
    expect(list(let_).detailRequests).toHaveLength(list(recorded).detailRequests!.length - 1)
  })
  it('gives each detail request what its card shows, not its photo', () => {
    const card = list(recorded).detailRequests![0]!.card
    expect(JSON.parse(card!)).toEqual({
      title: 'Appartement Van Oldenbarneveltplaats 14 C',
      place: '3012AH Rotterdam - 1Km.',
      availability: 'Direct beschikbaar Direct inschrijven via deze site',
      figures: ['€ 2.215,- /mnd', '120 m2', '3 slaapkamers'],
      status: 'Te huur',
    })
    const photo = recorded.replace('768x510/thumb.jpg', '1024x680/thumb.jpg')
    expect(photo).not.toBe(recorded)
    expect(list(photo).detailRequests![0]!.card).toBe(card)
  })
  it('stops at the last page, whose "Volgende" button is disabled', () => {
    const last = recorded.replace(
      'class="btn btn-primary" href="/aanbod/rotterdam/?page=2"',
      'class="btn btn-primary disabled" href="#"',
    )
    expect(list(last).nextRequest).toBeUndefined()
  })
  it('says an empty search has no results and a page with neither cards nor count changed its layout', () => {
    expect(list('<span class="h4"><span class="text-blue-ncs">0</span> huurwoningen</span>')).toEqual({
      noResults: true,
    })
    expect(() => list('<html><body><h1>Onderhoud</h1></body></html>')).toThrow(ParseError)
  })
})

describe('mvgm listing pages', () => {
  const url =
    'https://ikwilhuren.nu/object/rotterdam-3065gj-114-dirkje-goedhartstraat-8c2b79e85ced7a9bd68d37e05b7ac74d/'
  const detail = (html: string) => mvgm.parseDetailPage!(createPage({ url, label: 'detail' }, url, 200, html))
  it('reads a single-family house and a house number with an addition', () => {
    const html = readFileSync(join(FIXTURES, 'detail-louis-pregerkade-64-excerpt.html'), 'utf8')
      .replaceAll('Louis Pregerkade 64 ', 'Dirkje Goedhartstraat 114 B')
      .replaceAll('3071AZ Rotterdam (Appartement)', '3065GJ Rotterdam (Eengezinswoning)')
    expect(detail(html)).toMatchObject({
      sourceListingId: '8c2b79e85ced7a9bd68d37e05b7ac74d',
      dwellingType: 'house',
      street: 'Dirkje Goedhartstraat',
      houseNumber: '114 B',
      postcode: '3065GJ',
    })
  })
  it('throws ParseError when the address block is gone', () => {
    expect(() => detail('<html><body><h1>Pagina niet gevonden</h1></body></html>')).toThrow(ParseError)
  })
})
