import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseHouseNumber, streetKey } from '../normalise/index.js'
import { openStore, type Store } from '../store/database.js'
import {
  type BagResolver,
  createBagResolver,
  createNumberMatcher,
  type ResolveInput,
} from './bag-resolver.js'

// A small BAG: object, postcode, number, letter, addition, street, area.
const ADDRESSES: [string, string, number, string | null, string | null, string, number][] = [
  ['vbo-1', '1012AB', 1, null, null, 'Kerkstraat', 80],
  // Number 2 holds two flats: a bare "2" cannot tell them apart.
  ['vbo-2a', '1012AB', 2, 'A', null, 'Kerkstraat', 60],
  ['vbo-2b', '1012AB', 2, null, 'II', 'Kerkstraat', 61],
  // On Dorpsweg, areas 50 and 120 stand alone; 70 and 72 are too close to tell apart.
  ['vbo-3', '3511CD', 3, null, null, 'Dorpsweg', 50],
  ['vbo-4', '3511CD', 4, null, null, 'Dorpsweg', 70],
  ['vbo-5', '3511CD', 5, null, null, 'Dorpsweg', 72],
  ['vbo-6', '3511CD', 6, null, null, 'Dorpsweg', 120],
]

const byNumber = (postcodeKey: string, number: string): ResolveInput => ({
  postcodeKey,
  houseNumber: parseHouseNumber(number),
  streetKey: null,
  surfaceArea: null,
})
const byArea = (postcodeKey: string, street: string, surfaceArea: number): ResolveInput => ({
  postcodeKey,
  houseNumber: null,
  streetKey: streetKey(street),
  surfaceArea,
})

describe('createBagResolver', () => {
  let store: Store
  let resolver: BagResolver
  beforeAll(async () => {
    store = await openStore(':memory:')
    const insert = store.sqlite.prepare(
      `insert into bag_addresses (num_id, object_id, is_hoofdadres, postcode, huisnummer, huisletter, toevoeging,
         street, street_key, city, city_key, oppervlakte) values (?, ?, 1, ?, ?, ?, ?, ?, ?, 'Utrecht', 'utrecht', ?)`,
    )
    for (const [object, postcode, number, letter, addition, street, area] of ADDRESSES)
      insert.run(`num-${object}`, object, postcode, number, letter, addition, street, streetKey(street), area)
    resolver = createBagResolver(store.sqlite)
  })
  afterAll(() => store.close())

  const cases: [string, ResolveInput, string, string | null][] = [
    ['a plain number', byNumber('1012AB', '1'), 'exact', 'vbo-1'],
    ['a letter', byNumber('1012AB', '2A'), 'exact', 'vbo-2a'],
    ['an addition in Roman numerals', byNumber('1012AB', '2-II'), 'exact', 'vbo-2b'],
    ['an addition the BAG does not have', byNumber('1012AB', '2-2'), 'ambiguous', null],
    ['a bare number with two homes', byNumber('1012AB', '2'), 'ambiguous', null],
    ['a number not at the postcode', byNumber('1012AB', '9'), 'not-found', null],
    ['an area alone on the street', byArea('3511CD', 'Dorpsweg', 51), 'street-area', 'vbo-3'],
    ['an area within 5 % of another', byArea('3511CD', 'Dorpsweg', 71), 'ambiguous', null],
    ['an area with a rival just beyond the tolerance', byArea('3511CD', 'Dorpsweg', 67), 'ambiguous', null],
    ['an area matching nothing', byArea('3511CD', 'Dorpsweg', 300), 'not-found', null],
    ['a street elsewhere', byArea('3511CD', 'Kerkstraat', 50), 'not-found', null],
    ['no postcode', { ...byNumber('1012AB', '1'), postcodeKey: null }, 'no-address', null],
    [
      'neither number nor area',
      { ...byArea('3511CD', 'Dorpsweg', 50), surfaceArea: null },
      'no-address',
      null,
    ],
  ]

  it.each(cases)('resolves %s', (_, input, method, objectId) => {
    expect(resolver.resolve(input)).toMatchObject({ method, objectId })
    if (objectId) expect(resolver.resolve(input).numId).toBe(`num-${objectId}`)
  })

  it('resolves a batch as it resolves each input alone, in order, look-ups shared or interleaved', () => {
    // Every case three times, in an order that interleaves both kinds of look-up and repeats the same ones.
    const inputs = [...cases, ...cases.toReversed(), ...cases].map(([, input]) => input)
    expect(resolver.resolveAll(inputs)).toEqual(inputs.map((input) => resolver.resolve(input)))
    expect(resolver.resolveAll([])).toEqual([])
  })

  it.each([
    ['a plain number', '1', 'exact', ['vbo-1']],
    ['a letter', '2A', 'exact', ['vbo-2a']],
    ['a bare number with two homes: both', '2', 'ambiguous', ['vbo-2a', 'vbo-2b']],
    ['an addition the BAG does not have: every home at the number', '2-2', 'ambiguous', ['vbo-2a', 'vbo-2b']],
    ['a number not at the postcode: none', '9', 'not-found', []],
    ['a letter the only home at the number lacks: none', '1B', 'not-found', []],
  ])('matches an address by number, with every candidate: %s', (_, number, method, objects) => {
    const match = createNumberMatcher(store.sqlite)('1012AB', parseHouseNumber(number)!)
    expect(match.method).toBe(method)
    expect(match.rows.map((r) => r.object_id).sort()).toEqual(objects)
    // The same decision as the listing resolver's.
    const resolution = resolver.resolve(byNumber('1012AB', number))
    expect(resolution.method).toBe(method)
    if (method === 'exact') expect(resolution.objectId).toBe(objects[0])
  })
})
