import type { SeededRandom } from '../seeded-random.js'
import type { BuildingType } from './synthetic-labels.js'
import type { PlaceStyle } from './synthetic-places.js'

// Pand statuses with rough national frequencies (most panden are simply in use).
const PAND_STATUS: readonly (readonly [string, number])[] = [
  ['Pand in gebruik', 89],
  ['Pand in gebruik (niet ingemeten)', 5],
  ['Bouw gestart', 1.5],
  ['Bouwvergunning verleend', 1],
  ['Verbouwing pand', 0.8],
  ['Pand gesloopt', 0.8],
  ['Pand buiten gebruik', 0.5],
  ['Sloopvergunning verleend', 0.3],
  ['Niet gerealiseerd pand', 0.3],
]

const VBO_IN_USE: readonly (readonly [string, number])[] = [
  ['Verblijfsobject in gebruik', 92],
  ['Verblijfsobject in gebruik (niet ingemeten)', 6],
  ['Verblijfsobject ingetrokken', 1.5],
  ['Verblijfsobject buiten gebruik', 0.5],
]

const COMMERCIAL: readonly (readonly [string, number])[] = [
  ['winkelfunctie', 35],
  ['kantoorfunctie', 25],
  ['industriefunctie', 15],
  ['bijeenkomstfunctie', 8],
  ['gezondheidszorgfunctie', 5],
  ['logiesfunctie', 4],
  ['onderwijsfunctie', 3],
  ['sportfunctie', 2],
  ['overige gebruiksfunctie', 2.9],
  ['celfunctie', 0.1],
]

// Construction periods: [from, to, weight]. Amsterdam walk-ups are mostly 1870–1940.
const ERAS: readonly (readonly [number, number, number])[] = [
  [1600, 1799, 1],
  [1800, 1899, 4],
  [1900, 1944, 18],
  [1945, 1969, 22],
  [1970, 1989, 24],
  [1990, 2009, 20],
  [2010, 0, 11],
]
const AMSTERDAM_WALKUP_ERAS: readonly (readonly [number, number, number])[] = [
  [1600, 1799, 5],
  [1800, 1899, 20],
  [1900, 1940, 50],
  [1945, 1989, 15],
  [1990, 0, 10],
]

/** A pand status drawn with rough national frequencies. */
export function buildingStatus(random: SeededRandom): string {
  return random.weighted(PAND_STATUS)
}

/** A verblijfsobject status consistent with its pand (a demolished pand has withdrawn units, and so on). */
export function vboStatusFor(random: SeededRandom, pandStatus: string): string {
  switch (pandStatus) {
    case 'Bouw gestart':
    case 'Bouwvergunning verleend':
      return 'Verblijfsobject gevormd'
    case 'Pand gesloopt':
      return 'Verblijfsobject ingetrokken'
    case 'Niet gerealiseerd pand':
      return 'Niet gerealiseerd verblijfsobject'
    case 'Verbouwing pand':
      return 'Verbouwing verblijfsobject'
    case 'Pand buiten gebruik':
      return 'Verblijfsobject buiten gebruik'
    default:
      return random.weighted(VBO_IN_USE)
  }
}

/** Oorspronkelijk bouwjaar; null (written as 9999) now and then, next year for panden still being built. */
export function drawBouwjaar(
  random: SeededRandom,
  type: string,
  style: PlaceStyle,
  status: string,
  year: number,
): number | null {
  if (
    status === 'Bouw gestart' ||
    status === 'Bouwvergunning verleend' ||
    status === 'Niet gerealiseerd pand'
  ) {
    return year + random.int(0, 1)
  }
  if (random.chance(0.002)) return null
  const eras = style === 'amsterdam' && type === 'walkup' ? AMSTERDAM_WALKUP_ERAS : ERAS
  const [from, to] = random.weighted(eras.map((era) => [era, era[2]] as const))
  return random.int(from, to === 0 ? year - 1 : to)
}

/** Gebruiksdoelen: homes are woonfunctie, with a shop on some city ground floors; businesses draw a function. */
export function drawGebruiksdoelen(
  random: SeededRandom,
  type: BuildingType,
  style: PlaceStyle,
  groundFloor: boolean,
): string[] {
  if (type === 'commercial') {
    const doel = random.weighted(COMMERCIAL)
    return random.chance(0.05) && doel !== 'kantoorfunctie' ? [doel, 'kantoorfunctie'] : [doel]
  }
  if (
    type === 'walkup' &&
    groundFloor &&
    (style === 'amsterdam' || style === 'rotterdam') &&
    random.chance(0.2)
  ) {
    return random.chance(0.15) ? ['woonfunctie', 'winkelfunctie'] : ['winkelfunctie']
  }
  return ['woonfunctie']
}

/** Gebruiksoppervlakte in m²: small city flats, larger houses, a wide spread for businesses. */
export function drawOppervlakte(
  random: SeededRandom,
  type: BuildingType,
  style: PlaceStyle,
  doelen: readonly string[],
): number {
  let median: number
  let sigma = 0.35
  if (!doelen.includes('woonfunctie') || type === 'commercial') {
    median = 150
    sigma = 1
  } else if (type === 'house') median = 120
  else if (type === 'flat') median = 70
  else median = style === 'amsterdam' ? 60 : 75
  return Math.min(99_999, Math.max(6, Math.round(random.logNormal(median, sigma))))
}
