import { describe, expect, it } from 'vitest'
import { formatHouseNumber, type HouseNumberParts, parseHouseNumber } from './parse-house-number.js'

type Triple = readonly [number, string | null, string | null]

const parts = ([huisnummer, huisletter, toevoeging]: Triple): HouseNumberParts => ({
  huisnummer,
  huisletter,
  toevoeging,
})

function expectCandidates(raw: string, expected: readonly Triple[]): void {
  const parsed = parseHouseNumber(raw)
  expect(parsed, raw).not.toBeNull()
  expect(parsed!.candidates, raw).toEqual(expected.map(parts))
}

const cases: ReadonlyArray<readonly [readonly string[], readonly Triple[]]> = [
  [['12-2', '12 2', '12/2', '12-2hg', '12 2-hoog', '12 2e', '12 2de', '12 2e verdieping'], [[12, null, '2']]],
  [
    ['12A', '12 a', '12a', '12-A'],
    [
      [12, 'A', null],
      [12, null, 'A'],
    ],
  ],
  [['12A-1', '12 A 1', '12a1', '12-a-1'], [[12, 'A', '1']]],
  [['20 A 2'], [[20, 'A', '2']]],
  [['546 K 1', '546  K   1'], [[546, 'K', '1']]],
  [
    ['16hs', '16 huis', '16-huis', '16 HS', '16-Hs'],
    [
      [16, null, 'H'],
      [16, null, 'HS'],
      [16, null, 'HUIS'],
    ],
  ],
  [
    ['16-H', '16 h', '16H'],
    [
      [16, null, 'H'],
      [16, 'H', null],
    ],
  ],
  [['5 bis', '5bis', '5-BIS'], [[5, null, 'BIS']]],
  [
    ['22-II', '22 ii', '22II'],
    [
      [22, null, '2'],
      [22, null, 'II'],
    ],
  ],
  [
    ['14 II'],
    [
      [14, null, '2'],
      [14, null, 'II'],
    ],
  ],
  [
    ['274 VII'],
    [
      [274, null, '7'],
      [274, null, 'VII'],
    ],
  ],
  [
    ['3 XX'],
    [
      [3, null, '20'],
      [3, null, 'XX'],
    ],
  ],
  // XXXVIII is too long for a BAG toevoeging, so only the Arabic reading survives.
  [['3 XXXVIII'], [[3, null, '38']]],
  // "lll" is III typed with lower-case L's, as in the Amsterdam data.
  [
    ['8 lll'],
    [
      [8, null, '3'],
      [8, null, 'III'],
    ],
  ],
  // Lone "I" is Amsterdam's first floor; huisletter I is rare because it reads as 1.
  [
    ['9 I'],
    [
      [9, null, '1'],
      [9, null, 'I'],
      [9, 'I', null],
    ],
  ],
  // Lone V or X: a huisletter is likelier than floor 5 or 10.
  [
    ['9 V'],
    [
      [9, 'V', null],
      [9, null, 'V'],
      [9, null, '5'],
    ],
  ],
  [['2-hoog', '2 hoog'], [[2, null, null]]],
  [['12', ' 12 ', '012'], [[12, null, null]]],
  [
    ['12 rood', '12-rd'],
    [
      [12, null, 'ROOD'],
      [12, null, 'R'],
    ],
  ],
  // Begane grond: one family so "bg" and "bgg" share a key; BG first, BGG as the alternative.
  [
    ['12-bg', '12 bgg', '12 begane grond', '12 BG'],
    [
      [12, null, 'BG'],
      [12, null, 'BGG'],
    ],
  ],
  [['12 boven', '12-bov', '12 bvn'], [[12, null, 'BOV']]],
  [['12 sous', '12 souterrain'], [[12, null, 'SOUS']]],
  [['12 bel-etage', '12 bel'], [[12, null, 'BEL']]],
  // A second unit or a remark after "+" or "(" is dropped: we keep the first unit.
  [
    [
      '49 B 2 +PP',
      '49 B-2 (met parkeerplaats)',
      '49 B 2 (met parkeerplaats in de onderbouw van het complex, zie tekening)',
    ],
    [[49, 'B', '2']],
  ],
  [
    ['7 F+K', '7 F + PP'],
    [
      [7, 'F', null],
      [7, null, 'F'],
    ],
  ],
  // A unit over several floors is addressed by its first floor.
  [['36 1 2 3', '36 1/2', '36 1-2'], [[36, null, '1']]],
  [
    ['11 III-IV', '11 III/ IV'],
    [
      [11, null, '3'],
      [11, null, 'III'],
    ],
  ],
  // Floor plus letter: a combined toevoeging first, then huisletter + floor.
  [
    ['177 2A', '177 2 A'],
    [
      [177, null, '2A'],
      [177, 'A', '2'],
    ],
  ],
  [
    ['12 IV A'],
    [
      [12, null, '4A'],
      [12, null, 'IVA'],
      [12, 'A', '4'],
      [12, 'A', 'IV'],
    ],
  ],
  // Unknown two-letter words: the whole word, then huisletter + one-letter toevoeging.
  [
    ['77 PP', '77-pp'],
    [
      [77, null, 'PP'],
      [77, 'P', 'P'],
    ],
  ],
  [['12 E15', '12-e-15'], [[12, 'E', '15']]],
  [
    ['12 bis A'],
    [
      [12, null, 'BISA'],
      [12, 'A', 'BIS'],
    ],
  ],
  [['12 A bis'], [[12, 'A', 'BIS']]],
  [['99999'], [[99999, null, null]]],
]

describe('parseHouseNumber', () => {
  for (const [inputs, expected] of cases) {
    for (const input of inputs) {
      it(`parses ${JSON.stringify(input)}`, () => expectCandidates(input, expected))
    }
  }

  it.each([
    '',
    '   ',
    '0',
    '00',
    '100000',
    '1234567',
    'A12',
    'huis',
    '-12',
    '12 123456',
    '12 this is definitely not a house number at all',
    '12 achterhuizen',
    `12${'x'.repeat(1_000_000)}`,
    '1 2 3 4 5 6 7 8 9 10',
  ])('rejects %j', (input) => {
    expect(parseHouseNumber(input)).toBeNull()
  })

  it('rejects null and undefined', () => {
    expect(parseHouseNumber(null)).toBeNull()
    expect(parseHouseNumber(undefined)).toBeNull()
  })

  it.each([
    ['12', '12', '12'],
    ['12a', '12a', '12 A'],
    ['12-A', '12a', '12 A'],
    ['12 2', '12-2', '12-2'],
    ['12A-1', '12a-1', '12 A-1'],
    ['16 hs', '16-h', '16-H'],
    ['16H', '16-h', '16-H'],
    ['5bis', '5-bis', '5-BIS'],
    ['22-II', '22-2', '22-2'],
    ['22 2', '22-2', '22-2'],
    ['9 I', '9-1', '9-1'],
    ['12 bgg', '12-bg', '12-BG'],
  ])('gives %j the key %j and display %j', (input, key, display) => {
    const parsed = parseHouseNumber(input)
    expect(parsed?.key).toBe(key)
    expect(parsed?.display).toBe(display)
    expect(parsed?.huisnummer).toBe(Number.parseInt(input, 10))
  })

  it('keeps every candidate within BAG rules', () => {
    const inputs = cases.flatMap(([i]) => i)
    for (const input of inputs) {
      for (const c of parseHouseNumber(input)!.candidates) {
        if (c.huisletter !== null) expect(c.huisletter).toMatch(/^[A-Z]$/)
        if (c.toevoeging !== null) expect(c.toevoeging).toMatch(/^[0-9A-Z]{1,4}$/)
      }
    }
  })
})

describe('formatHouseNumber', () => {
  it.each([
    [[12, null, null], '12'],
    [[12, 'A', null], '12 A'],
    [[12, null, '2'], '12-2'],
    [[12, 'A', '1'], '12 A-1'],
    [[16, null, 'H'], '16-H'],
  ] as const)('formats %j as %j', (triple, expected) => {
    expect(formatHouseNumber(parts(triple))).toBe(expected)
  })
})
