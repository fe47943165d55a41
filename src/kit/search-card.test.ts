import { describe, expect, it } from 'vitest'
import { cardOf } from './search-card.js'

const shown = {
  title: 'Appartement Martinus Nijhofflaan 2 P 2',
  place: '2624 ES Delft (Poptahof-Zuid)',
  price: '€\u00a01.173 per maand',
  area: '64 m²',
  rooms: '1 kamer',
  status: 'Onder optie',
}

describe('a search card', () => {
  it('is its facts whatever their order, whitespace or empty fields', () => {
    const reordered = {
      status: ' Onder   optie ',
      rooms: '1 kamer',
      area: '64 m²',
      price: '€ 1.173  per maand',
      place: '2624 ES Delft\n (Poptahof-Zuid)',
      title: 'Appartement Martinus Nijhofflaan 2 P 2',
      yearBuilt: '',
      interior: null,
      energyLabel: undefined,
      labels: [],
    }
    expect(cardOf(reordered)).toBe(cardOf(shown))
  })

  it('changes when a fact does: the price, the area, the status', () => {
    const card = cardOf(shown)
    expect(cardOf({ ...shown, price: '€ 1.150 per maand' })).not.toBe(card)
    expect(cardOf({ ...shown, area: '65 m²' })).not.toBe(card)
    expect(cardOf({ ...shown, status: 'Verhuurd' })).not.toBe(card)
    expect(cardOf({ ...shown, status: undefined })).not.toBe(card)
    expect(cardOf({ ...shown, status: ['Onder optie', 'Nieuw'] })).not.toBe(cardOf({ ...shown, status: [] }))
  })

  it('keeps its identity when a badge comes or goes: newness, a promotion, an age in words', () => {
    const bare = cardOf({ ...shown, status: undefined })
    for (const badge of [
      'Nieuw',
      'NEW',
      'Uitgelicht',
      'Featured',
      'Topper',
      'Topwoning',
      'Alleen bij ons',
      '2 dagen geleden',
      '3 weeks ago',
      'vandaag',
    ])
      expect(cardOf({ ...shown, status: badge }), badge).toBe(bare)
    expect(cardOf({ ...shown, status: ['Nieuw', 'Onder optie'] })).toBe(
      cardOf({ ...shown, status: ['Onder optie'] }),
    )
  })

  it('compares data as data: nested objects by key, numbers as numbers', () => {
    const listing = { price: { rent_price: [1131], rent_price_condition: 'per_month' }, floor_area: [41] }
    const same = { floor_area: [41], price: { rent_price_condition: 'per_month', rent_price: [1131] } }
    expect(cardOf(listing)).toBe(cardOf(same))
    expect(cardOf({ ...listing, price: { ...listing.price, rent_price: [1152] } })).not.toBe(cardOf(listing))
    expect(cardOf({ rent: 1250 })).not.toBe(cardOf({ rent: '1250' }))
  })

  it('shows nothing where site data refers back to itself, instead of recursing without end', () => {
    const address: Record<string, unknown> = { street: 'Oude Delft', number: '12A' }
    address['parent'] = address
    const photos: unknown[] = ['a.jpg']
    photos.push(photos)
    expect(cardOf({ price: 1250, address, photos })).toBe(
      cardOf({ price: 1250, address: { street: 'Oude Delft', number: '12A' }, photos: ['a.jpg', null] }),
    )
  })
})
