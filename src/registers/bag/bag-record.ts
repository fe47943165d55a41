/**
 * One current BAG object, flattened to the fields the pipeline uses. Ids stay strings (16 digits, woonplaats 4)
 * because their leading zeros are significant; `voorkomen` lets a consumer keep the newest if an id repeats.
 */
export type BagRecord =
  | { kind: 'woonplaats'; id: string; naam: string; status: string; voorkomen: number }
  | {
      kind: 'openbareRuimte'
      id: string
      naam: string
      verkorteNaam: string | null
      type: string
      status: string
      woonplaatsId: string | null
      voorkomen: number
    }
  | {
      kind: 'nummeraanduiding'
      id: string
      huisnummer: number
      huisletter: string | null
      toevoeging: string | null
      postcode: string | null
      typeAdresseerbaarObject: string
      status: string
      openbareRuimteId: string
      woonplaatsId: string | null
      voorkomen: number
    }
  | {
      kind: 'verblijfsobject'
      id: string
      hoofdadresId: string
      nevenadresIds: string[]
      pandIds: string[]
      gebruiksdoelen: string[]
      oppervlakte: number | null
      status: string
      x: number | null
      y: number | null
      voorkomen: number
    }
  | { kind: 'pand'; id: string; bouwjaar: number | null; status: string; voorkomen: number }
  | {
      kind: 'ligplaats' | 'standplaats'
      id: string
      hoofdadresId: string
      nevenadresIds: string[]
      status: string
      voorkomen: number
    }

/** The kind discriminator of a {@link BagRecord}. */
export type BagKind = BagRecord['kind']

/** The record of one kind, e.g. `BagRecordOf<'pand'>` (ligplaats and standplaats share a shape). */
export type BagRecordOf<K extends BagKind> = BagRecord extends infer R
  ? R extends { kind: infer RK }
    ? K extends RK
      ? Omit<R, 'kind'> & { kind: K }
      : never
    : never
  : never

/** Delivery-level facts about an extract. */
export interface BagExtractInfo {
  standTechnischeDatum: string | null
}

/** The three-letter object type code Kadaster puts in file names (`0221VBO15092020.zip`). */
export type BagTypeCode = 'WPL' | 'OPR' | 'NUM' | 'PND' | 'VBO' | 'LIG' | 'STA'

/** Every kind, in dependency order: a record only refers to kinds listed before it (VBO → PND is the exception). */
export const BAG_KINDS: readonly BagKind[] = [
  'woonplaats',
  'openbareRuimte',
  'nummeraanduiding',
  'pand',
  'verblijfsobject',
  'ligplaats',
  'standplaats',
]

/** Kind → file type code. */
export const TYPE_CODE_OF_KIND: Readonly<Record<BagKind, BagTypeCode>> = {
  woonplaats: 'WPL',
  openbareRuimte: 'OPR',
  nummeraanduiding: 'NUM',
  pand: 'PND',
  verblijfsobject: 'VBO',
  ligplaats: 'LIG',
  standplaats: 'STA',
}

/** Kind → the XML element name of the object (`Objecten:Verblijfsobject` without its prefix). */
export const ELEMENT_OF_KIND: Readonly<Record<BagKind, string>> = {
  woonplaats: 'Woonplaats',
  openbareRuimte: 'OpenbareRuimte',
  nummeraanduiding: 'Nummeraanduiding',
  pand: 'Pand',
  verblijfsobject: 'Verblijfsobject',
  ligplaats: 'Ligplaats',
  standplaats: 'Standplaats',
}
