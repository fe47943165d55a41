import type { BagRecord, BagRecordOf } from '../../src/registers/bag/bag-record.js'
import type { SeededRandom } from '../seeded-random.js'
import type { BagWriteOptions } from './extract-writer.js'
import { POSTCODE_LETTER_PAIRS, PostcodeCursor } from './postcode-cursor.js'
import { StreetNamer, verkorteNaam } from './street-namer.js'
import { drawBuildingType, drawUnits, unitLabels } from './synthetic-labels.js'
import type { PlaceStyle } from './synthetic-places.js'
import { SyntheticStreet } from './synthetic-street.js'
import {
  buildingStatus,
  drawBouwjaar,
  drawGebruiksdoelen,
  drawOppervlakte,
  vboStatusFor,
} from './synthetic-values.js'

/** Object type digits inside a BAG id: `{gemeente}{type}{10-digit number}`. */
export type IdType = '01' | '02' | '03' | '10' | '20' | '30'

/** What a place builder writes to: the writer plus shared randomness and id counters. */
export interface SyntheticSink {
  random: SeededRandom
  stand: string
  write(record: BagRecord, options?: BagWriteOptions): Promise<void>
  nextId(gemeente: string, type: IdType): string
}

/** One place with everything resolved: how many verblijfsobjecten, which postcodes, where. */
export interface PlacePlan {
  naam: string
  gemeente: string
  woonplaatsId: string
  style: PlaceStyle
  vbo: number
  areas: readonly number[]
  perArea: number
  centre: readonly [number, number]
}

const HISTORY = 0.05
const NEVENADRES = 0.015
const STREET_SIZE: Readonly<Record<PlaceStyle, number>> = {
  amsterdam: 60,
  rotterdam: 55,
  city: 45,
  town: 35,
  village: 25,
}
// Panden without verblijfsobject (sheds, garages) per house: why the country has ~11 M panden for 9.9 M VBOs.
const SHEDS: Readonly<Record<PlaceStyle, number>> = {
  amsterdam: 0.05,
  rotterdam: 0.2,
  city: 0.35,
  town: 0.6,
  village: 0.9,
}

/**
 * Writes one woonplaats: its streets (openbare ruimten), buildings (panden), addresses (nummeraanduidingen) and
 * verblijfsobjecten, plus a few ligplaatsen, standplaatsen and unaddressed water/bridges. Everything streams
 * straight to the writer; only the current street is held.
 */
export class PlaceBuilder {
  private readonly random: SeededRandom
  private readonly namer: StreetNamer
  private readonly postcodes: PostcodeCursor
  private readonly radius: number

  constructor(
    private readonly sink: SyntheticSink,
    private readonly plan: PlacePlan,
  ) {
    this.random = sink.random
    this.namer = new StreetNamer(() => this.random.next())
    this.postcodes = new PostcodeCursor(plan.areas, plan.perArea, this.random)
    this.radius = 300 + Math.sqrt(plan.vbo) * 18
  }

  /** Writes the whole place. */
  async build(): Promise<void> {
    const { plan, sink, random } = this
    await sink.write(
      {
        kind: 'woonplaats',
        id: plan.woonplaatsId,
        naam: plan.naam,
        status: 'Woonplaats aangewezen',
        voorkomen: 1,
      },
      { position: { x: plan.centre[0], y: plan.centre[1] } },
    )
    let remaining = plan.vbo
    let streets = 0
    while (remaining > 0) {
      const street = await this.street('Weg')
      streets++
      let size = Math.min(remaining, Math.max(1, Math.round(random.logNormal(STREET_SIZE[plan.style], 0.8))))
      remaining -= size
      while (size > 0) {
        const type = drawBuildingType(random, plan.style)
        const units = Math.min(size, drawUnits(random, type, plan.style))
        await this.building(street, type, units)
        size -= units
      }
    }
    const ligRate = plan.style === 'amsterdam' ? 0.005 : plan.style === 'village' ? 0.0005 : 0.001
    const staRate = plan.style === 'village' || plan.style === 'town' ? 0.003 : 0.0005
    await this.plaatsen('ligplaats', Math.round(plan.vbo * ligRate))
    await this.plaatsen('standplaats', Math.round(plan.vbo * staRate))
    for (let i = 0; i < Math.ceil(streets / 40); i++)
      await this.street(
        random.weighted([
          ['Water', 5],
          ['Kunstwerk', 3],
          ['Terrein', 2],
        ] as const),
      )
  }

  private async street(type: string): Promise<SyntheticStreet> {
    const { plan, sink, random } = this
    const naam = type === 'Kunstwerk' ? `Brug ${random.int(1, 999)}` : this.namer.name()
    const id = sink.nextId(plan.gemeente, '30')
    const record = {
      kind: 'openbareRuimte',
      id,
      naam,
      verkorteNaam: verkorteNaam(naam),
      type,
      status: 'Naamgeving uitgegeven',
      woonplaatsId: plan.woonplaatsId,
      voorkomen: 1,
    } as const
    // Now and then a street was renamed: the old name survives as an ended voorkomen.
    const renamed = random.chance(0.02)
    await sink.write(
      renamed ? { ...record, voorkomen: 2 } : record,
      renamed ? { history: [{ ...record, naam: this.namer.name(), verkorteNaam: null }] } : {},
    )
    return new SyntheticStreet(id, plan.centre, this.radius, random, this.postcodes)
  }

  private async address(
    street: SyntheticStreet,
    side: 0 | 1,
    huisnummer: number,
    huisletter: string | null,
    toevoeging: string | null,
    type: string,
    withdrawn: boolean,
  ): Promise<string> {
    const { sink, random } = this
    const id = sink.nextId(this.plan.gemeente, '20')
    const postcode = street.postcode(side)
    const record = {
      kind: 'nummeraanduiding',
      id,
      huisnummer,
      huisletter,
      toevoeging,
      postcode,
      typeAdresseerbaarObject: type,
      status: withdrawn ? 'Naamgeving ingetrokken' : 'Naamgeving uitgegeven',
      openbareRuimteId: street.id,
      woonplaatsId: null,
      voorkomen: 1,
    } as const
    if (!random.chance(HISTORY)) {
      await sink.write(record)
    } else {
      // The postcode was re-issued once: the old voorkomen has another letter pair.
      const old = { ...record, postcode: `${postcode.slice(0, 4)}${random.pick(POSTCODE_LETTER_PAIRS)}` }
      await sink.write({ ...record, voorkomen: 2 }, { history: [old] })
    }
    if (random.chance(0.003)) {
      // A number that once existed and was ended without successor: only historical voorkomens, never current.
      await sink.write(
        { ...record, id: sink.nextId(this.plan.gemeente, '20'), huisnummer: huisnummer + 1000 },
        { ended: `${Number(sink.stand.slice(0, 4)) - 2}-06-01` },
      )
    }
    return id
  }

  private async building(
    street: SyntheticStreet,
    type: ReturnType<typeof drawBuildingType>,
    units: number,
  ): Promise<void> {
    const { plan, sink, random } = this
    const side: 0 | 1 = random.chance(0.5) ? 0 : 1
    const labels = unitLabels(random, type, plan.style, units)
    let huisnummer = 0
    const { x, y } = street.frontage(side)
    const pand = await this.pand(type, x, y)
    for (const label of labels) {
      if (label.newNumber || huisnummer === 0) huisnummer = street.takeNumber(side)
      const status = vboStatusFor(random, pand.status)
      const withdrawn =
        status === 'Verblijfsobject ingetrokken' || status === 'Niet gerealiseerd verblijfsobject'
      const hoofdadresId = await this.address(
        street,
        side,
        huisnummer,
        label.huisletter,
        label.toevoeging,
        'Verblijfsobject',
        withdrawn,
      )
      const nevenadresIds: string[] = []
      if (random.chance(NEVENADRES)) {
        const extra = street.takeNumber(side)
        nevenadresIds.push(await this.address(street, side, extra, null, null, 'Verblijfsobject', withdrawn))
      }
      const doelen = drawGebruiksdoelen(random, type, plan.style, label === labels[0])
      const oppervlakte = drawOppervlakte(random, type, plan.style, doelen)
      const record: BagRecordOf<'verblijfsobject'> = {
        kind: 'verblijfsobject',
        id: sink.nextId(plan.gemeente, '01'),
        hoofdadresId,
        nevenadresIds,
        pandIds: [pand.id],
        gebruiksdoelen: doelen,
        oppervlakte,
        status,
        x: round3(x + random.next() * 4 - 2),
        y: round3(y + random.next() * 4 - 2),
        voorkomen: 1,
      }
      if (!random.chance(HISTORY)) {
        await sink.write(record)
      } else {
        // Formed first, measured later: the old voorkomen has another status and area.
        const old = {
          ...record,
          oppervlakte: Math.max(1, Math.round(oppervlakte * 0.9)),
          status: 'Verblijfsobject gevormd',
        }
        await sink.write({ ...record, voorkomen: 2 }, { history: [old] })
      }
    }
    if (type === 'house') {
      const sheds = Math.floor(SHEDS[plan.style] + random.next())
      for (let i = 0; i < sheds; i++) await this.pand('shed', x + 6 + 3 * i, y + 6)
    }
  }

  private async pand(type: string, x: number, y: number): Promise<{ id: string; status: string }> {
    const { plan, sink, random } = this
    const id = sink.nextId(plan.gemeente, '10')
    const status = buildingStatus(random)
    const bouwjaar = drawBouwjaar(random, type, plan.style, status, Number(sink.stand.slice(0, 4)))
    const record = { kind: 'pand', id, bouwjaar, status, voorkomen: 1 } as const
    const position = { x, y }
    if (random.chance(HISTORY) && status === 'Pand in gebruik') {
      await sink.write(
        { ...record, voorkomen: 2 },
        { history: [{ ...record, status: 'Bouw gestart' }], position },
      )
    } else {
      await sink.write(record, { position })
    }
    return { id, status }
  }

  private async plaatsen(kind: 'ligplaats' | 'standplaats', count: number): Promise<void> {
    if (count === 0) return
    const { plan, sink, random } = this
    const street = await this.street('Weg')
    for (let i = 0; i < count; i++) {
      const side: 0 | 1 = kind === 'ligplaats' ? 0 : random.chance(0.5) ? 0 : 1
      const huisnummer = street.takeNumber(side)
      const type = kind === 'ligplaats' ? 'Ligplaats' : 'Standplaats'
      const hoofdadresId = await this.address(street, side, huisnummer, null, null, type, false)
      const id = sink.nextId(plan.gemeente, kind === 'ligplaats' ? '02' : '03')
      const status = random.chance(0.03) ? 'Plaats ingetrokken' : 'Plaats aangewezen'
      await sink.write(
        { kind, id, hoofdadresId, nevenadresIds: [], status, voorkomen: 1 },
        { position: street.frontage(side) },
      )
    }
  }
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000
}
