import { BAG_KINDS, type BagRecord } from './bag-record.js'

const UNKNOWN_BOUWJAAR = 9999
// Placeholder for lists not seen yet, so objects without them allocate nothing; never pushed to (frozen).
const NONE: string[] = Object.freeze([]) as unknown as string[]

/** Adds to a list that may still be the shared empty placeholder. */
export function append(list: string[], value: string): string[] {
  if (list === NONE) return [value]
  list.push(value)
  return list
}

/**
 * The text captured for the object being read (one voorkomen), reset per object, and how it becomes a record.
 * Reused rather than allocated per voorkomen, since historical voorkomens never become records.
 */
export class BagObjectScratch {
  id = ''
  status = ''
  naam = ''
  type = ''
  huisnummer = ''
  huisletter: string | null = null
  toevoeging: string | null = null
  postcode: string | null = null
  typeAO = ''
  gebruiksdoelen: string[] = NONE
  oppervlakte = ''
  bouwjaar = ''
  hoofdadres = ''
  nevenadressen: string[] = NONE
  panden: string[] = NONE
  oprRef = ''
  wplRef: string | null = null
  verkorteNaam: string | null = null
  pos: string | null = null
  voorkomen = ''
  begin = ''
  eind = ''
  eindRegistratie = ''

  /** Clears every field for the next object. */
  reset(): void {
    this.id = ''
    this.status = ''
    this.naam = ''
    this.type = ''
    this.huisnummer = ''
    this.huisletter = null
    this.toevoeging = null
    this.postcode = null
    this.typeAO = ''
    this.gebruiksdoelen = NONE
    this.oppervlakte = ''
    this.bouwjaar = ''
    this.hoofdadres = ''
    this.nevenadressen = NONE
    this.panden = NONE
    this.oprRef = ''
    this.wplRef = null
    this.verkorteNaam = null
    this.pos = null
    this.voorkomen = ''
    this.begin = ''
    this.eind = ''
    this.eindRegistratie = ''
  }

  /** The record for the object of kind index `kind` (BAG_KINDS order). */
  build(kind: number): BagRecord {
    const id = this.id
    const status = this.status
    const voorkomen = this.voorkomen === '' ? 0 : Number(this.voorkomen)
    switch (BAG_KINDS[kind]) {
      case 'woonplaats':
        return { kind: 'woonplaats', id, naam: this.naam, status, voorkomen }
      case 'openbareRuimte':
        return {
          kind: 'openbareRuimte',
          id,
          naam: this.naam,
          verkorteNaam: this.verkorteNaam,
          type: this.type,
          status,
          woonplaatsId: this.wplRef,
          voorkomen,
        }
      case 'nummeraanduiding':
        return {
          kind: 'nummeraanduiding',
          id,
          huisnummer: Number(this.huisnummer),
          huisletter: this.huisletter,
          toevoeging: this.toevoeging,
          postcode: this.postcode,
          typeAdresseerbaarObject: this.typeAO,
          status,
          openbareRuimteId: this.oprRef,
          woonplaatsId: this.wplRef,
          voorkomen,
        }
      case 'pand': {
        const bouwjaar = this.bouwjaar === '' ? null : Number(this.bouwjaar)
        return {
          kind: 'pand',
          id,
          bouwjaar: bouwjaar === UNKNOWN_BOUWJAAR ? null : bouwjaar,
          status,
          voorkomen,
        }
      }
      case 'verblijfsobject': {
        const [x, y] = parsePoint(this.pos)
        return {
          kind: 'verblijfsobject',
          id,
          hoofdadresId: this.hoofdadres,
          nevenadresIds: own(this.nevenadressen),
          pandIds: own(this.panden),
          gebruiksdoelen: own(this.gebruiksdoelen),
          oppervlakte: this.oppervlakte === '' ? null : Number(this.oppervlakte),
          status,
          x,
          y,
          voorkomen,
        }
      }
      default:
        return {
          kind: kind === 5 ? 'ligplaats' : 'standplaats',
          id,
          hoofdadresId: this.hoofdadres,
          nevenadresIds: own(this.nevenadressen),
          status,
          voorkomen,
        }
    }
  }
}

/** The list itself, or a fresh empty one for the shared placeholder (records must not share arrays). */
function own(list: string[]): string[] {
  return list === NONE ? [] : list
}

/** `"206335.699 447529.842 0.0"` → [x, y]; nulls when absent or unreadable. */
function parsePoint(pos: string | null): [number | null, number | null] {
  if (pos === null) return [null, null]
  // Kadaster separates with single spaces (fast path); any other whitespace falls back to a regex split.
  const space = pos.indexOf(' ')
  const next = space === -1 ? -1 : pos.indexOf(' ', space + 1)
  let xs = space > 0 ? pos.slice(0, space) : ''
  let ys = space > 0 ? pos.slice(space + 1, next === -1 ? pos.length : next) : ''
  if (!/^[-+.\dEe]+$/.test(xs) || !/^[-+.\dEe]+$/.test(ys)) [xs = '', ys = ''] = pos.split(/\s+/)
  const x = xs === '' ? Number.NaN : Number(xs)
  const y = ys === '' ? Number.NaN : Number(ys)
  return Number.isFinite(x) && Number.isFinite(y) ? [x, y] : [null, null]
}
