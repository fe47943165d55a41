import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createPage } from '../../src/kit/index.js'
import huurwoningen from './adapter.js'

const FIXTURES = join(import.meta.dirname, 'fixtures')
const list = (html: string, url = 'https://www.huurwoningen.nl/in/delft/') =>
  huurwoningen.parseListPage(createPage({ url, label: 'list' }, url, 200, html))

describe('huurwoningen search cards (real cards recorded 2026-09-24)', () => {
  const result = list(readFileSync(join(FIXTURES, 'list-delft-excerpt.html'), 'utf8'))

  it('takes the bare rent, not the total of the price-transparency badge', () => {
    const room = result.listings!.find((l) => l.sourceListingId === 'c09cfac3')
    // The card: "Kale huurprijs € 755 per maand" and a badge "Totale huurprijs € 895 per maand".
    expect(room).toMatchObject({ price: 755, dwellingType: 'room', surfaceArea: 24, postcode: '2613 TV' })
  })
  it('takes complete cards as listings and fetches no detail page for them', () => {
    expect(result.listings).toHaveLength(4)
    expect(result.detailRequests).toEqual([])
  })
})

describe('huurwoningen cards that leave something out', () => {
  const card = (price: string, area = '<li class="illustrated-features__item--surface-area">40 m²</li>') =>
    `<section class="listing-search-item"><h3><a class="listing-search-item__link--title" href="/huren/delft/0123abcd/kruisstraat/">Appartement Kruisstraat 46</a></h3>
     <div class="listing-search-item__sub-title">2611 MJ Delft (In de Veste)</div><div class="listing-search-item__price">${price}</div>${area}</section>`
  it('fetches the detail page when the price is on request or the area is missing', () => {
    expect(list(card('Prijs op aanvraag')).detailRequests).toHaveLength(1)
    expect(list(card('€ 1.200 per maand', '')).detailRequests).toHaveLength(1)
  })
  it('gives the detail request its card, which changes with what the card shows', () => {
    const [onRequest] = list(card('Prijs op aanvraag')).detailRequests!
    const [noArea] = list(card('€ 1.200 per maand', '')).detailRequests!
    expect(onRequest!.card).toContain('Prijs op aanvraag')
    expect(noArea!.card).toContain('1.200 per maand')
    expect(onRequest!.card).not.toBe(noArea!.card)
  })
  it('splits a house number printed in the title off the street', () => {
    expect(
      list(card('<span class="listing-search-item__price-main">€ 1.200 per maand</span>')).listings,
    ).toEqual([
      expect.objectContaining({ street: 'Kruisstraat', houseNumber: '46', price: 1200, city: 'Delft' }),
    ])
  })
  it('skips cards that are not homes', () => {
    const parking = card('€ 150 per maand').replace('Appartement Kruisstraat 46', 'Parkeerplaats Kruisstraat')
    expect(list(parking)).toMatchObject({ listings: [], detailRequests: [] })
  })
})
