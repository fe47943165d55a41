import { toCitySlug } from '../../src/kit/index.js'

/**
 * Where Vesteda's search centres on a city (WGS84). Its search takes a point and a radius, not a city name, so a
 * city missing here cannot be searched: the list doubles as the source's regions.
 */
export const PLACES: Readonly<
  Record<string, { readonly name: string; readonly lat: number; readonly lon: number }>
> = {
  amsterdam: { name: 'Amsterdam', lat: 52.3676, lon: 4.9041 },
  rotterdam: { name: 'Rotterdam', lat: 51.9244, lon: 4.4777 },
  'den-haag': { name: 'Den Haag', lat: 52.0705, lon: 4.3007 },
  utrecht: { name: 'Utrecht', lat: 52.0907, lon: 5.1214 },
  eindhoven: { name: 'Eindhoven', lat: 51.4416, lon: 5.4697 },
  delft: { name: 'Delft', lat: 52.0116, lon: 4.3571 },
  leiden: { name: 'Leiden', lat: 52.1601, lon: 4.497 },
  haarlem: { name: 'Haarlem', lat: 52.3874, lon: 4.6462 },
  amersfoort: { name: 'Amersfoort', lat: 52.1561, lon: 5.3878 },
  groningen: { name: 'Groningen', lat: 53.2194, lon: 6.5665 },
  maastricht: { name: 'Maastricht', lat: 50.8514, lon: 5.691 },
  nijmegen: { name: 'Nijmegen', lat: 51.8126, lon: 5.8372 },
  arnhem: { name: 'Arnhem', lat: 51.9851, lon: 5.8987 },
  tilburg: { name: 'Tilburg', lat: 51.5555, lon: 5.0913 },
  breda: { name: 'Breda', lat: 51.5719, lon: 4.7683 },
  almere: { name: 'Almere', lat: 52.3508, lon: 5.2647 },
  zwolle: { name: 'Zwolle', lat: 52.5168, lon: 6.083 },
}

/** The place a city name stands for, or undefined when Vesteda's search cannot be pointed at it. */
export const placeOf = (city: string) => PLACES[toCitySlug(city)]
