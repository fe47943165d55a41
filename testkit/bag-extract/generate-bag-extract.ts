import { BAG_KINDS, type BagKind, type BagRecord } from '../../src/registers/bag/bag-record.js'
import { SeededRandom } from '../seeded-random.js'
import { type BagExtractSummary, createBagExtractWriter } from './extract-writer.js'
import { type IdType, PlaceBuilder, type PlacePlan, type SyntheticSink } from './synthetic-place-builder.js'
import { SYNTHETIC_PLACES } from './synthetic-places.js'

/** Options for {@link generateBagExtract}. */
export interface GenerateBagExtractOptions {
  /** Number of verblijfsobjecten (current ones; nummeraanduidingen, panden etc. follow from it). */
  vbo: number
  /** The outer zip (zip-of-zips) or the folder to create. */
  out: string
  layout?: 'zip-of-zips' | 'folder'
  /** Same seed, same bytes. Default 1. */
  seed?: number
  /** StandTechnischeDatum; default 2024-11-08. */
  stand?: string
  objectsPerPart?: number
  compressionLevel?: number
  /** Called now and then with the number of verblijfsobjecten written so far. */
  onProgress?: (vboWritten: number) => void
}

/** What was generated: how many current objects a reader should yield per kind, and the writer's summary. */
export interface GeneratedBagExtract extends BagExtractSummary {
  current: Record<BagKind, number>
}

const POSTCODES_PER_AREA = 250
const NUMBERS_PER_POSTCODE = 20

/**
 * Generates a realistic national-style extract: real woonplaats names with the market's skew (Amsterdam,
 * Rotterdam, 's-Gravenhage, Utrecht large, a long tail of towns and villages), streets, valid postcodes, local
 * numbering habits, panden with bouwjaar, ~5 % extra historical voorkomens and some withdrawn objects. Streams
 * with flat memory; deterministic per seed.
 */
export async function generateBagExtract(options: GenerateBagExtractOptions): Promise<GeneratedBagExtract> {
  const stand = options.stand ?? '2024-11-08'
  const random = new SeededRandom(options.seed ?? 1)
  const plans = planPlaces(options.vbo, random)
  const layout = options.layout ?? 'zip-of-zips'
  const target = layout === 'folder' ? { layout, dir: options.out } : { layout, zipPath: options.out }
  const writer = await createBagExtractWriter({
    ...target,
    gemeente: '9999',
    stand,
    objectsPerPart: options.objectsPerPart,
    compressionLevel: options.compressionLevel,
  })
  const current = Object.fromEntries(BAG_KINDS.map((kind) => [kind, 0])) as Record<BagKind, number>
  const counters = new Map<string, number>()
  const sink: SyntheticSink = {
    random,
    stand,
    async write(record, writeOptions) {
      if (writeOptions?.ended === undefined) current[record.kind]++
      if (record.kind === 'verblijfsobject' && current.verblijfsobject % 50_000 === 0) {
        options.onProgress?.(current.verblijfsobject)
      }
      const beginGeldigheid = writeOptions?.beginGeldigheid ?? beginFor(record, random, stand)
      await writer.write(record, { ...writeOptions, beginGeldigheid })
    },
    nextId(gemeente: string, type: IdType): string {
      const key = gemeente + type
      // Start each gemeente's numbering somewhere plausible rather than at 1, as real ids do.
      const next = (counters.get(key) ?? 100_000 + ((Number(gemeente) * 7919) % 800_000)) + 1
      counters.set(key, next)
      return `${gemeente}${type}${String(next).padStart(10, '0')}`
    },
  }
  try {
    for (const plan of plans) await new PlaceBuilder(sink, plan).build()
    return { current, ...(await writer.close()) }
  } catch (error) {
    await writer.abort()
    throw error
  }
}

/**
 * When the current voorkomen began: a recent bouwjaar for new panden, otherwise a day between the BAG's start
 * (2009, when existing buildings were registered) and a month before the stand.
 */
function beginFor(record: BagRecord, random: SeededRandom, stand: string): string {
  const last = Date.parse(`${stand}T00:00:00Z`) - 30 * 86_400_000
  let from = Date.UTC(2009, 0, 1)
  if (record.kind === 'pand' && record.bouwjaar !== null && record.bouwjaar > 2009) {
    from = Math.min(last, Date.UTC(record.bouwjaar - 1, 0, 1))
  }
  return new Date(from + random.next() * Math.max(0, last - from)).toISOString().slice(0, 10)
}

/**
 * Shares out `vbo` over the places (cumulative rounding, so the total is exact) and gives tail places a gemeente
 * code, a woonplaats id, a postcode block and a centre.
 */
export function planPlaces(vbo: number, random: SeededRandom): PlacePlan[] {
  const totalShare = SYNTHETIC_PLACES.reduce((sum, place) => sum + place.share, 0)
  const majorCodes = new Set(SYNTHETIC_PLACES.flatMap((p) => (p.gemeente ? [p.gemeente] : [])))
  const taken = new Set<number>()
  for (const place of SYNTHETIC_PLACES) {
    if (place.postcodes) for (let pc = place.postcodes[0]; pc <= place.postcodes[1]; pc++) taken.add(pc)
  }
  const pool = Array.from({ length: 9000 }, (_, i) => 1000 + i).filter((pc) => !taken.has(pc))
  let poolAt = 0
  let code = 0
  let gemeente = ''
  let cumulative = 0
  let tailIndex = 0
  return SYNTHETIC_PLACES.map((place, index) => {
    const before = Math.round((vbo * cumulative) / totalShare)
    cumulative += place.share
    const count = Math.round((vbo * cumulative) / totalShare) - before
    const postcodesNeeded = Math.max(1, Math.ceil((count * 1.1) / NUMBERS_PER_POSTCODE))
    let areas: number[]
    if (place.postcodes) {
      areas = []
      for (let pc = place.postcodes[0]; pc <= place.postcodes[1]; pc++) areas.push(pc)
    } else {
      areas = []
      const blocks = Math.max(1, Math.ceil(postcodesNeeded / POSTCODES_PER_AREA))
      for (let i = 0; i < blocks; i++) areas.push(pool[poolAt++ % pool.length] as number)
    }
    if (!place.gemeente && tailIndex++ % 3 === 0) {
      // Small places share a gemeente three at a time, as villages do.
      do code++
      while (majorCodes.has(String(code).padStart(4, '0')))
      gemeente = String(code).padStart(4, '0')
    }
    return {
      naam: place.naam,
      gemeente: place.gemeente ?? gemeente,
      woonplaatsId: String(1000 + index * 7),
      style: place.style,
      vbo: count,
      areas,
      perArea: Math.min(397, Math.max(10, Math.ceil(postcodesNeeded / areas.length))),
      centre: place.centre ?? landPoint(random),
    }
  })
}

/** A point on (roughly) Dutch land: rejection-sample the RD box, avoiding the North Sea and Wadden Sea. */
function landPoint(random: SeededRandom): [number, number] {
  for (;;) {
    const x = random.int(20_000, 270_000)
    const y = random.int(310_000, 610_000)
    const sea =
      x < 60_000 + (y - 310_000) * 0.25 || (y > 560_000 && x < 170_000) || (y > 590_000 && x > 250_000)
    if (!sea) return [x, y]
  }
}
