import type { SeededRandom } from '../seeded-random.js'
import type { PlaceStyle } from './synthetic-places.js'

/** The address parts of one unit in a building; `newNumber` means it takes the next huisnummer on the street. */
export interface UnitLabel {
  newNumber: boolean
  huisletter: string | null
  toevoeging: string | null
}

/** Kinds of building the generator draws. */
export type BuildingType = 'house' | 'walkup' | 'flat' | 'commercial'

const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII']
const LETTERS = 'ABCDEFGHJK'

// Weights per building, chosen so the share of homes per type is about right: Amsterdam ~90 % apartments,
// villages ~80 % single-family houses, ~10 % of verblijfsobjecten non-residential.
const MIX: Readonly<Record<PlaceStyle, readonly (readonly [BuildingType, number])[]>> = {
  amsterdam: [
    ['house', 8],
    ['walkup', 12],
    ['flat', 1.5],
    ['commercial', 5],
  ],
  rotterdam: [
    ['house', 20],
    ['walkup', 11],
    ['flat', 1.5],
    ['commercial', 5],
  ],
  city: [
    ['house', 50],
    ['walkup', 5],
    ['flat', 1.3],
    ['commercial', 5],
  ],
  town: [
    ['house', 70],
    ['walkup', 2.3],
    ['flat', 0.8],
    ['commercial', 5],
  ],
  village: [
    ['house', 82],
    ['walkup', 1],
    ['flat', 0.4],
    ['commercial', 5],
  ],
}

/** Draws a building type for a place's style (Amsterdam is mostly walk-ups, villages mostly houses). */
export function drawBuildingType(random: SeededRandom, style: PlaceStyle): BuildingType {
  return random.weighted(MIX[style])
}

/** How many verblijfsobjecten a building of this type holds. */
export function drawUnits(random: SeededRandom, type: BuildingType, style: PlaceStyle): number {
  switch (type) {
    case 'house':
      return 1
    case 'walkup':
      return style === 'amsterdam'
        ? random.int(3, 6)
        : style === 'rotterdam'
          ? random.int(2, 5)
          : random.int(2, 4)
    case 'flat':
      return random.int(6, 40)
    case 'commercial':
      return random.int(1, 3)
  }
}

/**
 * Address labels for the units of one building, in the local habit: Amsterdam `12-H`, `12-1`, `12-2` (some
 * Roman `12-II`), Rotterdam and The Hague `12A`, `12B` or `12-01`, elsewhere letters or `1`/`2`; a few `BIS`.
 * Flats number every door, or use `5-1`, `5-2` or floor codes (`5-101`); shops take a number each.
 */
export function unitLabels(
  random: SeededRandom,
  type: BuildingType,
  style: PlaceStyle,
  units: number,
): UnitLabel[] {
  const labels: UnitLabel[] = []
  const same = (huisletter: string | null, toevoeging: string | null, i: number): UnitLabel => ({
    newNumber: i === 0,
    huisletter,
    toevoeging,
  })
  if (type === 'house') {
    // Now and then a plot was split or renumbered and the house carries a letter on its own.
    const letter = random.chance(0.03) ? random.pick(['A', 'A', 'B', 'a']) : null
    return [same(letter, null, 0)]
  }
  if (type === 'commercial') {
    for (let i = 0; i < units; i++) labels.push({ newNumber: true, huisletter: null, toevoeging: null })
    return labels
  }
  if (type === 'flat') {
    const scheme = random.weighted([
      ['gallery', 60],
      ['floors', 20],
      ['doors', 20],
    ] as const)
    const perFloor = random.int(2, 8)
    for (let i = 0; i < units; i++) {
      if (scheme === 'gallery') labels.push({ newNumber: true, huisletter: null, toevoeging: null })
      else if (scheme === 'doors') labels.push(same(null, String(i + 1), i))
      else
        labels.push(
          same(null, `${Math.floor(i / perFloor) + 1}${String((i % perFloor) + 1).padStart(2, '0')}`, i),
        )
    }
    return labels
  }
  const scheme = walkupScheme(random, style)
  for (let i = 0; i < units; i++) {
    switch (scheme) {
      case 'H123':
        labels.push(same(null, i === 0 ? 'H' : String(i), i))
        break
      case '123':
        labels.push(same(null, String(i + 1), i))
        break
      case 'roman':
        labels.push(same(null, i === 0 ? 'H' : (ROMAN[i - 1] ?? String(i)), i))
        break
      case 'letters':
        labels.push(same(i === 0 ? null : (LETTERS[i - 1] ?? 'Z'), null, i))
        break
      case 'zero':
        labels.push(same(null, String(i + 1).padStart(2, '0'), i))
        break
    }
  }
  // 'BIS' marks an extra door squeezed in later; it replaces the top unit so the unit count stays exact.
  if (labels.length > 1 && random.chance(0.01))
    labels[labels.length - 1] = same(null, 'BIS', labels.length - 1)
  return labels
}

function walkupScheme(
  random: SeededRandom,
  style: PlaceStyle,
): 'H123' | '123' | 'roman' | 'letters' | 'zero' {
  switch (style) {
    case 'amsterdam':
      return random.weighted([
        ['H123', 70],
        ['123', 20],
        ['roman', 8],
        ['letters', 2],
      ] as const)
    case 'rotterdam':
      return random.weighted([
        ['letters', 70],
        ['zero', 20],
        ['roman', 6],
        ['123', 4],
      ] as const)
    default:
      return random.weighted([
        ['letters', 55],
        ['123', 35],
        ['roman', 5],
        ['H123', 5],
      ] as const)
  }
}
