import type { BagFacts } from '../../src/merge/golden-record.js'

/** What the BAG says about one real Delft home (Oude Delft 12 A), for tests that merge facts about it. */
export const OUDE_DELFT_BAG: BagFacts = {
  source: 'bag',
  objectId: '0503010000003325',
  numId: '0503200000040028',
  street: 'Oude Delft',
  number: '12 A',
  postcode: '2611 CC',
  city: 'Delft',
  cityKey: 'delft',
  surfaceArea: 294,
  usePurpose: 'woonfunctie',
  yearBuilt: 1884,
  dwellingType: 'house',
  observedAt: '2026-11-01',
}
