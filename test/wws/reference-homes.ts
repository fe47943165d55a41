import type { EnergyRecord, WwsFacts } from '../../src/wws/facts.js'

/**
 * Homes of the reference implementation's test suite (woonstadrotterdam/woningwaardering, MIT), with every group
 * supplied: the facts come from `tests/data/zelfstandige_woonruimten/input/<id>.json` (build year, dwelling type,
 * EP-Online registration, monument) and the group points, m² and expected results from
 * `tests/data/zelfstandige_woonruimten/output/<id>.txt` as stored at commit 026ef25bc8d8ff3579d54f29c191e7a4aa88560c
 * (parkeerruimten_en_laadpalen at 2a37a9dacead84178da000494f1c5ee2656945cc). Those outputs value the WOZ of
 * 2024-01-01 with the 2026 maximum-rent table: the policy date 2026-07-01 (the suite's REFERENTIE_PEILDATUM).
 */
export interface ReferenceHome {
  readonly id: string
  readonly facts: WwsFacts
  readonly total: number
  readonly woz: number
  /** The table's amount for the total (the reference prints it in the free sector too). */
  readonly maxRent: number
}

export const REFERENCE_DATE = '2026-07-01'

const index = (
  label: EnergyRecord['label'],
  value: number,
  validFrom: string,
  validUntil: string,
): EnergyRecord => ({
  kind: 'energy-index',
  status: 'final',
  validFrom,
  validUntil,
  label,
  index: value,
})
const ep2 = (label: EnergyRecord['label'], validFrom: string, validUntil: string): EnergyRecord => ({
  kind: 'EP2',
  status: 'final',
  validFrom,
  validUntil,
  label,
})

interface Groups {
  readonly rooms: [m2: number, points: number]
  readonly other: [m2: number, points: number]
  readonly heating: number
  readonly outdoor: number
  readonly kitchen: number
  readonly sanitary: number
  readonly parking?: number
  readonly special?: number
  readonly monumentNewbuild?: number
}

function home(
  id: string,
  facts: Omit<WwsFacts, 'area' | 'points'> & { parkingM2?: number },
  groups: Groups,
  woz: number,
  expected: { total: number; woz: number; maxRent: number },
): ReferenceHome {
  const { parkingM2, ...rest } = facts
  return {
    id,
    facts: {
      monument: false,
      ...rest,
      woz: [{ referenceDate: '2024-01-01', value: woz }],
      area: { roomsM2: groups.rooms[0], otherM2: groups.other[0], parkingM2: parkingM2 ?? 0 },
      points: {
        roomsArea: groups.rooms[1],
        otherArea: groups.other[1],
        heating: groups.heating,
        outdoor: groups.outdoor,
        kitchen: groups.kitchen,
        sanitary: groups.sanitary,
        parking: groups.parking ?? 0,
        shared: 0,
        special: groups.special ?? 0,
        monumentNewbuild: groups.monumentNewbuild ?? 0,
      },
    },
    ...expected,
  }
}

export const REFERENCE_HOMES: readonly ReferenceHome[] = [
  // The stored input has no registration; the output scores label A (37, multi-family): a stand-in label says so.
  home(
    '12006000004',
    {
      dwelling: 'multi-family',
      buildYear: 1981,
      energy: [
        { kind: 'NTA8800', status: 'final', validFrom: '2023-01-01', validUntil: '2033-01-01', label: 'A' },
      ],
    },
    { rooms: [60.05, 60], other: [0, 0], heating: 11, outdoor: 2.75, kitchen: 7, sanitary: 9 },
    318_000,
    { total: 170, woz: 42.75, maxRent: 1118.23 },
  ),
  home(
    '20002000126',
    { dwelling: 'multi-family', buildYear: 1993, energy: [ep2('F', '2024-03-27', '2034-03-27')] },
    { rooms: [57.33, 57], other: [19.67, 15], heating: 6, outdoor: -5, kitchen: 7, sanitary: 10 },
    264_000,
    { total: 113, woz: 31.5, maxRent: 726.95 },
  ),
  // A national monument whose contract was signed before 1 July 2024: 50 points in the last group.
  home(
    '20004000156',
    {
      dwelling: 'multi-family',
      buildYear: 1993,
      monument: true,
      energy: [index('C', 1.74, '2017-03-21', '2027-03-21')],
    },
    {
      rooms: [79.78, 80],
      other: [0, 0],
      heating: 4,
      outdoor: 11.75,
      kitchen: 0,
      sanitary: 11,
      monumentNewbuild: 50,
    },
    302_000,
    { total: 207, woz: 35.25, maxRent: 1372.24 },
  ),
  home(
    '23003000050',
    { dwelling: 'multi-family', buildYear: 1921, energy: [index('C', 1.48, '2017-02-23', '2027-02-23')] },
    { rooms: [60.62, 61], other: [4.41, 3], heating: 11, outdoor: 15, kitchen: 7, sanitary: 9 },
    266_000,
    { total: 155, woz: 34.25, maxRent: 1015.22 },
  ),
  // Its energy index expired on 2025-05-21: the build year scores −15, which the monument correction lifts to 0.
  home(
    '23109000031',
    {
      dwelling: 'single-family',
      buildYear: 1922,
      monument: true,
      energy: [index('B', 1.27, '2015-05-21', '2025-05-21')],
    },
    {
      rooms: [45.02, 45],
      other: [0, 0],
      heating: 12,
      outdoor: 3,
      kitchen: 4,
      sanitary: 11,
      monumentNewbuild: 50,
    },
    238_000,
    { total: 163, woz: 37.5, maxRent: 1070.14 },
  ),
  home(
    '25048000007',
    { dwelling: 'multi-family', buildYear: 1997, energy: [index('B', 1.24, '2019-07-03', '2029-07-03')] },
    { rooms: [61.45, 61], other: [5.1, 3.75], heating: 11, outdoor: 3.75, kitchen: 0, sanitary: 0 },
    313_000,
    { total: 149, woz: 39.75, maxRent: 974.05 },
  ),
  home(
    '28018000044',
    { dwelling: 'single-family', buildYear: 1992, energy: [] },
    { rooms: [66.81, 67], other: [4.1, 3], heating: 13, outdoor: 13.5, kitchen: 7, sanitary: 9 },
    258_000,
    { total: 166, woz: 31.75, maxRent: 1090.76 },
  ),
  // Above 250 points: the amount at 250 plus 34 steps of EUR 6.86.
  home(
    '37101000032',
    { dwelling: 'single-family', buildYear: 1924, energy: [index('C', 1.58, '2019-02-25', '2029-02-25')] },
    { rooms: [140.87, 141], other: [6.65, 5.25], heating: 14, outdoor: 15, kitchen: 7, sanitary: 15 },
    694_000,
    { total: 284, woz: 64.75, maxRent: 1900.64 },
  ),
  home(
    '41027000003',
    { dwelling: 'multi-family', buildYear: 1948, energy: [index('E', 2.26, '2019-09-19', '2029-09-19')] },
    { rooms: [42.61, 43], other: [0, 0], heating: 10, outdoor: 3.5, kitchen: 4, sanitary: 9 },
    258_000,
    { total: 107, woz: 41.5, maxRent: 685.7 },
  ),
  home(
    '41123000005',
    { dwelling: 'single-family', buildYear: 1896, energy: [index('B', 1.39, '2019-05-13', '2029-05-13')] },
    { rooms: [112.8, 113], other: [11.15, 8.25], heating: 22, outdoor: 14.25, kitchen: 8, sanitary: 18 },
    759_000,
    { total: 292, woz: 74.75, maxRent: 1955.52 },
  ),
  home(
    '41162000015',
    { dwelling: 'multi-family', buildYear: 1949, energy: [index('C', 1.62, '2019-10-11', '2029-10-11')] },
    { rooms: [53.31, 53], other: [11.81, 9], heating: 12, outdoor: 4.75, kitchen: 7, sanitary: 9 },
    295_000,
    { total: 148, woz: 38, maxRent: 967.18 },
  ),
  home(
    '41164000002',
    { dwelling: 'single-family', buildYear: 1904, energy: [index('B', 1.36, '2018-01-18', '2028-01-18')] },
    { rooms: [138.15, 138], other: [4.31, 3], heating: 15, outdoor: 4.75, kitchen: 0, sanitary: 8 },
    565_000,
    { total: 256, woz: 53.25, maxRent: 1708.56 },
  ),
  home(
    '51011000042',
    { dwelling: 'multi-family', buildYear: 1952, energy: [index('A', 1.09, '2018-11-14', '2028-11-14')] },
    { rooms: [60.4, 60], other: [0, 0], heating: 15, outdoor: 2.75, kitchen: 4, sanitary: 9 },
    229_000,
    { total: 159, woz: 30.75, maxRent: 1042.73 },
  ),
  // The attic is reached by a loft ladder: its 11 m² score 5 points less (16 m² of other spaces: 12 − 5 = 7).
  home(
    '71211000027',
    { dwelling: 'single-family', buildYear: 1919, energy: [index('D', 1.85, '2018-10-29', '2028-10-29')] },
    { rooms: [53.99, 54], other: [16.12, 7], heating: 12, outdoor: 15, kitchen: 7, sanitary: 9 },
    195_000,
    { total: 142, woz: 24.25, maxRent: 925.98 },
  ),
  home(
    '77795000000',
    { dwelling: 'single-family', buildYear: 2011, energy: [index('A', 0.97, '2017-12-29', '2027-12-29')] },
    { rooms: [65.99, 66], other: [33.5, 25.5], heating: 14, outdoor: 15, kitchen: 7, sanitary: 11 },
    336_000,
    { total: 216, woz: 36, maxRent: 1433.99 },
  ),
  // Labelled A, but its index 0.33 scores as A++ (52, single-family).
  home(
    '81020000003',
    { dwelling: 'single-family', buildYear: 1923, energy: [index('A', 0.33, '2017-09-29', '2027-09-29')] },
    { rooms: [80.38, 80], other: [5.19, 3.75], heating: 13, outdoor: 15, kitchen: 4, sanitary: 11 },
    367_000,
    { total: 220, woz: 41.5, maxRent: 1461.49 },
  ),
  home(
    '81065000089',
    { dwelling: 'single-family', buildYear: 1921, energy: [ep2('B', '2024-02-13', '2034-02-13')] },
    { rooms: [58.08, 58], other: [13.09, 4.75], heating: 11, outdoor: -5, kitchen: 7, sanitary: 4 },
    245_000,
    { total: 144, woz: 30.25, maxRent: 939.73 },
  ),
  home(
    '85651000021',
    { dwelling: 'multi-family', buildYear: 1897, energy: [] },
    { rooms: [59.54, 60], other: [0, 0], heating: 10, outdoor: 3.75, kitchen: 7, sanitary: 9 },
    289_000,
    { total: 114, woz: 38.75, maxRent: 733.79 },
  ),
  home(
    '87402000003',
    { dwelling: 'multi-family', buildYear: 1898, energy: [] },
    { rooms: [52.59, 53], other: [5.25, 3.75], heating: 10, outdoor: 4, kitchen: 0, sanitary: 0 },
    220_000,
    { total: 86, woz: 30, maxRent: 541.56 },
  ),
  // A shared type-I parking place of 15 m² for three addresses adds 5 m² to the WOZ area (77 + 5 = 82).
  home(
    'parkeerruimten_en_laadpalen',
    {
      dwelling: 'multi-family',
      buildYear: 1993,
      energy: [
        { kind: 'NTA8800', status: 'final', validFrom: '2024-03-27', validUntil: '2034-03-27', label: 'F' },
      ],
      parkingM2: 5,
    },
    {
      rooms: [57.33, 57],
      other: [19.67, 15],
      heating: 6,
      outdoor: 15,
      kitchen: 7,
      sanitary: 10,
      parking: 27.75,
      special: 6,
    },
    264_000,
    { total: 165, woz: 30.5, maxRent: 1083.88 },
  ),
]
