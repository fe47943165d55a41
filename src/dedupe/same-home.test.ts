import { describe, expect, it } from 'vitest'
import { mergeableGroups } from './merge-by-facts.js'
import {
  agreeOnEveryFact,
  compatibleHouseNumbers,
  type HomeFacts,
  sameDwelling,
  sameListingDate,
  samePostcode,
  sameStreet,
} from './same-home.js'

const home: HomeFacts = {
  street: 'Oostenburgergracht',
  houseNumber: null,
  postcode: '1018 NB',
  dwellingType: 'apartment',
  listedAt: '2026-10-12',
  bagId: null,
}
const at = (changes: Partial<HomeFacts>): HomeFacts => ({ ...home, ...changes })

describe('the facts two sites showing one home agree on', () => {
  it('needs the street from both, in any spelling of it', () => {
    expect(
      sameStreet(at({ street: 'Burg. de Monchyplein' }), at({ street: 'Burgemeester de Monchyplein' })),
    ).toBe(true)
    expect(sameStreet(home, at({ street: 'Prinsengracht' }))).toBe(false)
    expect(sameStreet(home, at({ street: null }))).toBe(false)
  })

  it('needs the postcode from both: street, price and area alone fit the rooms of one student house', () => {
    expect(samePostcode(home, at({}))).toBe(true)
    expect(samePostcode(home, at({ postcode: '1018 NC' }))).toBe(false)
    expect(samePostcode(home, at({ postcode: null }))).toBe(false)
  })

  it('reads a kind or date one side leaves out as no disagreement', () => {
    expect(sameDwelling(home, at({ dwellingType: null }))).toBe(true)
    expect(sameDwelling(home, at({ dwellingType: 'room' }))).toBe(false)
    expect(sameListingDate(home, at({ listedAt: null }))).toBe(true)
    expect(sameListingDate(home, at({ listedAt: '2026-10-13' }))).toBe(false)
  })

  it('takes a bare number for one with a letter only where the BAG has that address', () => {
    const feed = at({ houseNumber: '41' })
    expect(compatibleHouseNumbers(feed, at({ houseNumber: '41 A', bagId: '0363010001000075' }))).toBe(true)
    expect(compatibleHouseNumbers(at({ houseNumber: '41 A', bagId: '0363010001000075' }), feed)).toBe(true)
    expect(compatibleHouseNumbers(feed, at({ houseNumber: '41 A' }))).toBe(false)
    expect(compatibleHouseNumbers(at({ houseNumber: '41a' }), at({ houseNumber: '41 A' }))).toBe(true)
    expect(compatibleHouseNumbers(at({ houseNumber: '41 A' }), at({ houseNumber: '41 B', bagId: '1' }))).toBe(
      false,
    )
    expect(compatibleHouseNumbers(feed, at({ houseNumber: '43', bagId: '1' }))).toBe(false)
    expect(compatibleHouseNumbers(feed, home)).toBe(true)
  })

  it('agrees on every fact only when each rule does', () => {
    expect(
      agreeOnEveryFact(at({ houseNumber: '41' }), at({ houseNumber: '41 A', bagId: '1', listedAt: null })),
    ).toBe(true)
    expect(agreeOnEveryFact(home, at({ dwellingType: 'studio' }))).toBe(false)
  })
})

describe('mergeableGroups', () => {
  it('merges pairs and complete groups, lowest id first, and leaves an incomplete group alone', () => {
    expect(
      mergeableGroups([
        [518, 563],
        [9, 4],
        [9, 7],
        [4, 7],
        // 30 pairs with 20 and with 40, which do not pair with each other: ambiguous.
        [30, 20],
        [30, 40],
      ]),
    ).toEqual([
      [518, 563],
      [4, 7, 9],
    ])
  })
})
