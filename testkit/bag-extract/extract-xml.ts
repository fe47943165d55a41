import { type BagRecord, type BagTypeCode, ELEMENT_OF_KIND } from '../../src/registers/bag/bag-record.js'

// The namespace declarations of a real LV BAG 2.0 part file (Kadaster writes most without `http://`).
const ROOT_ATTRIBUTES = [
  'xmlns:DatatypenNEN3610="www.kadaster.nl/schemas/lvbag/imbag/datatypennen3610/v20200601"',
  'xmlns:Objecten="www.kadaster.nl/schemas/lvbag/imbag/objecten/v20200601"',
  'xmlns:gml="http://www.opengis.net/gml/3.2"',
  'xmlns:Historie="www.kadaster.nl/schemas/lvbag/imbag/historie/v20200601"',
  'xmlns:Objecten-ref="www.kadaster.nl/schemas/lvbag/imbag/objecten-ref/v20200601"',
  'xmlns:nen5825="www.kadaster.nl/schemas/lvbag/imbag/nen5825/v20200601"',
  'xmlns:KenmerkInOnderzoek="www.kadaster.nl/schemas/lvbag/imbag/kenmerkinonderzoek/v20200601"',
  'xmlns:selecties-extract="http://www.kadaster.nl/schemas/lvbag/extract-selecties/v20200601"',
  'xmlns:sl-bag-extract="http://www.kadaster.nl/schemas/lvbag/extract-deelbestand-lvc/v20200601"',
  'xmlns:sl="http://www.kadaster.nl/schemas/standlevering-generiek/1.0"',
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
  'xmlns:xs="http://www.w3.org/2001/XMLSchema"',
  'xsi:schemaLocation="http://www.kadaster.nl/schemas/lvbag/extract-deelbestand-lvc/v20200601 http://www.kadaster.nl/schemas/bag-verstrekkingen/extract-deelbestand-lvc/v20200601/BagvsExtractDeelbestandExtractLvc-2.1.0.xsd"',
].join(' ')
const RD = 'srsName="urn:ogc:def:crs:EPSG::28992"'
const NATIONAL = '9999'

/** The dates of one voorkomen as written; `eind` also sets eindRegistratie, which is what makes it historical. */
export interface VoorkomenDates {
  begin: string
  eind: string | null
}

/** Extra facts for the geometry the record shape does not carry: where to draw it (RD New metres). */
export interface GeometryHint {
  x: number
  y: number
}

/** Selection block shared by part headers and the Leveringsdocument: one gemeente, or the whole country. */
function gebied(gemeente: string): string {
  if (gemeente === NATIONAL)
    return '<selecties-extract:Gebied-Registratief>\n<selecties-extract:Gebied-NLD>NLD</selecties-extract:Gebied-NLD>\n</selecties-extract:Gebied-Registratief>\n'
  return `<selecties-extract:Gebied-Registratief>\n<selecties-extract:Gebied-GEM>\n<selecties-extract:GemeenteCollectie>\n<selecties-extract:Gemeente>\n<selecties-extract:GemeenteIdentificatie>${gemeente}</selecties-extract:GemeenteIdentificatie>\n</selecties-extract:Gemeente>\n</selecties-extract:GemeenteCollectie>\n</selecties-extract:Gebied-GEM>\n</selecties-extract:Gebied-Registratief>\n`
}

/** Start of one XML part, up to and including `<sl:inhoud>`; objects follow as `<sl:stand>` blocks. */
export function partHeader(code: BagTypeCode, gemeente: string, stand: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<sl-bag-extract:bagStand ${ROOT_ATTRIBUTES}>\n<sl-bag-extract:bagInfo>\n${gebied(gemeente)}` +
    `<selecties-extract:LVC-Extract>\n<selecties-extract:StandTechnischeDatum>${stand}</selecties-extract:StandTechnischeDatum>\n</selecties-extract:LVC-Extract>\n</sl-bag-extract:bagInfo>\n` +
    `<sl:standBestand>\n<sl:dataset>LVBAG</sl:dataset>\n<sl:inhoud>\n<sl:gebied>${gemeente === NATIONAL ? 'NEDERLAND' : 'GEMEENTE'}</sl:gebied>\n<sl:leveringsId>0000000001</sl:leveringsId>\n<sl:objectTypen>\n<sl:objectType>${code}</sl:objectType>\n</sl:objectTypen>\n</sl:inhoud>\n`
  )
}

/** End of one XML part. */
export const PART_FOOTER = '</sl:standBestand>\n</sl-bag-extract:bagStand>\n'

/** `Leveringsdocument-BAG-Extract.xml`, the delivery's cover sheet with StandTechnischeDatum. */
export function leveringsdocument(gemeente: string, stand: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<xb:BAG-Extract-Levering xsi:schemaLocation="http://www.kadaster.nl/schemas/bag-verstrekkingen/extract-levering/v20200601 http://www.kadaster.nl/schemas/bag-verstrekkingen/extract-levering/v20200601/BagvsExtractLeveringsdocument-2.1.0.xsd" xmlns:xb="http://www.kadaster.nl/schemas/lvbag/extract-levering/v20200601" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:selecties-extract="http://www.kadaster.nl/schemas/lvbag/extract-selecties/v20200601">\n' +
    `<xb:SelectieGegevens>\n<selecties-extract:LVC-Extract>\n<selecties-extract:StandTechnischeDatum>${stand}</selecties-extract:StandTechnischeDatum>\n</selecties-extract:LVC-Extract>\n${gebied(gemeente)}</xb:SelectieGegevens>\n` +
    '<xb:SchemaInfo>\n<xb:naam>BagvsExtractDeelbestandExtractLvc-2.1.0.xsd</xb:naam>\n<xb:versie>20200601</xb:versie>\n</xb:SchemaInfo>\n</xb:BAG-Extract-Levering>\n'
  )
}

/** Escapes text content and attribute values. */
export function escapeXml(value: string): string {
  return /[&<>"]/.test(value)
    ? value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
    : value
}

function el(name: string, value: string | number): string {
  return `<Objecten:${name}>${typeof value === 'number' ? value : escapeXml(value)}</Objecten:${name}>\n`
}

function ref(wrapper: string, type: string, domein: string, id: string): string {
  return `<Objecten:${wrapper}>\n<Objecten-ref:${type}Ref domein="NL.IMBAG.${domein}">${escapeXml(id)}</Objecten-ref:${type}Ref>\n</Objecten:${wrapper}>\n`
}

function identificatie(domein: string, id: string): string {
  return `<Objecten:identificatie domein="NL.IMBAG.${domein}">${escapeXml(id)}</Objecten:identificatie>\n`
}

function voorkomen(number: number, dates: VoorkomenDates): string {
  const eind = dates.eind
  return (
    `<Objecten:voorkomen>\n<Historie:Voorkomen>\n<Historie:voorkomenidentificatie>${number}</Historie:voorkomenidentificatie>\n` +
    `<Historie:beginGeldigheid>${dates.begin}</Historie:beginGeldigheid>\n` +
    (eind ? `<Historie:eindGeldigheid>${eind}</Historie:eindGeldigheid>\n` : '') +
    `<Historie:tijdstipRegistratie>${dates.begin}T09:00:00.000</Historie:tijdstipRegistratie>\n` +
    (eind ? `<Historie:eindRegistratie>${eind}T09:00:00.000</Historie:eindRegistratie>\n` : '') +
    `<Historie:BeschikbaarLV>\n<Historie:tijdstipRegistratieLV>${dates.begin}T09:15:00.000</Historie:tijdstipRegistratieLV>\n` +
    (eind
      ? `<Historie:tijdstipEindRegistratieLV>${eind}T09:15:00.000</Historie:tijdstipEindRegistratieLV>\n`
      : '') +
    '</Historie:BeschikbaarLV>\n</Historie:Voorkomen>\n</Objecten:voorkomen>\n'
  )
}

function documentFields(id: string, number: number, dates: VoorkomenDates): string {
  return `${el('geconstateerd', 'N')}${el('documentdatum', dates.begin)}${el('documentnummer', `BAG${dates.begin.slice(0, 4)}-${id.slice(-6)}-${number}`)}`
}

/** A closed ring of `vertices` points around (x, y), irregular but deterministic per id, as a gml:posList. */
function ring(hint: GeometryHint, id: string, vertices: number, radius: number, dimension: 2 | 3): string {
  let seed = 0
  for (let i = 0; i < id.length; i++) seed = (seed * 31 + id.charCodeAt(i)) >>> 0
  const coords: string[] = []
  for (let i = 0; i < vertices; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0
    const angle = (2 * Math.PI * i) / vertices
    const r = radius * (0.7 + 0.6 * (seed / 0xffffffff))
    const point = `${(hint.x + r * Math.cos(angle)).toFixed(3)} ${(hint.y + r * Math.sin(angle)).toFixed(3)}`
    coords.push(dimension === 3 ? `${point} 0.0` : point)
  }
  coords.push(coords[0] as string)
  return `<gml:exterior>\n<gml:LinearRing>\n<gml:posList count="${vertices + 1}">${coords.join(' ')}</gml:posList>\n</gml:LinearRing>\n</gml:exterior>\n`
}

function polygon(prefix: string, id: string, number: number, dimension: 2 | 3, body: string): string {
  return `<gml:Polygon ${RD} srsDimension="${dimension}" gml:id="${prefix}_${id}_${number}">\n${body}</gml:Polygon>\n`
}

/** Where to draw a geometry when the caller gave no hint: a stable point inside the Netherlands per id. */
export function defaultHint(id: string): GeometryHint {
  let h = 2166136261
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619) >>> 0
  return { x: 80000 + (h % 160000), y: 380000 + ((h >>> 8) % 200000) }
}

/**
 * One `<sl:stand>` block for one voorkomen, child elements in the order of Kadaster's files (sample 0221,
 * 2020-09-15). Geometry is synthesised (the record shape has none) around `hint`.
 */
export function standXml(record: BagRecord, dates: VoorkomenDates, hint: GeometryHint): string {
  const id = record.id
  const n = record.voorkomen
  let body: string
  switch (record.kind) {
    case 'woonplaats':
      body =
        identificatie('Woonplaats', id) +
        el('naam', record.naam) +
        `<Objecten:geometrie>\n<Objecten:vlak>\n${polygon('WPL', id, n, 2, ring(hint, id, 48, 2500, 2))}</Objecten:vlak>\n</Objecten:geometrie>\n` +
        el('status', record.status) +
        documentFields(id, n, dates) +
        voorkomen(n, dates)
      break
    case 'openbareRuimte':
      body =
        identificatie('Openbareruimte', id) +
        el('naam', record.naam) +
        el('type', record.type) +
        el('status', record.status) +
        documentFields(id, n, dates) +
        (record.woonplaatsId === null ? '' : ref('ligtIn', 'Woonplaats', 'Woonplaats', record.woonplaatsId)) +
        voorkomen(n, dates) +
        (record.verkorteNaam === null
          ? ''
          : `<Objecten:verkorteNaam>\n<nen5825:VerkorteNaamOpenbareRuimte>\n<nen5825:verkorteNaam>${escapeXml(record.verkorteNaam)}</nen5825:verkorteNaam>\n</nen5825:VerkorteNaamOpenbareRuimte>\n</Objecten:verkorteNaam>\n`)
      break
    case 'nummeraanduiding':
      body =
        identificatie('Nummeraanduiding', id) +
        el('huisnummer', record.huisnummer) +
        (record.huisletter === null ? '' : el('huisletter', record.huisletter)) +
        (record.toevoeging === null ? '' : el('huisnummertoevoeging', record.toevoeging)) +
        (record.postcode === null ? '' : el('postcode', record.postcode)) +
        el('typeAdresseerbaarObject', record.typeAdresseerbaarObject) +
        el('status', record.status) +
        documentFields(id, n, dates) +
        (record.woonplaatsId === null ? '' : ref('ligtIn', 'Woonplaats', 'Woonplaats', record.woonplaatsId)) +
        voorkomen(n, dates) +
        ref('ligtAan', 'OpenbareRuimte', 'Openbareruimte', record.openbareRuimteId)
      break
    case 'pand':
      body =
        identificatie('Pand', id) +
        `<Objecten:geometrie>\n${polygon('PND', id, n, 3, ring(hint, id, 4 + (id.charCodeAt(id.length - 1) % 6), 8, 3))}</Objecten:geometrie>\n` +
        el('oorspronkelijkBouwjaar', record.bouwjaar ?? 9999) +
        el('status', record.status) +
        documentFields(id, n, dates) +
        voorkomen(n, dates)
      break
    case 'verblijfsobject':
      body =
        ref('heeftAlsHoofdadres', 'Nummeraanduiding', 'Nummeraanduiding', record.hoofdadresId) +
        voorkomen(n, dates) +
        record.nevenadresIds
          .map((neven) => ref('heeftAlsNevenadres', 'Nummeraanduiding', 'Nummeraanduiding', neven))
          .join('') +
        identificatie('Verblijfsobject', id) +
        (record.x === null || record.y === null
          ? ''
          : `<Objecten:geometrie>\n<Objecten:punt>\n<gml:Point ${RD} srsDimension="3" gml:id="VBO_${id}_${n}">\n<gml:pos>${record.x} ${record.y} 0.0</gml:pos>\n</gml:Point>\n</Objecten:punt>\n</Objecten:geometrie>\n`) +
        record.gebruiksdoelen.map((doel) => el('gebruiksdoel', doel)).join('') +
        (record.oppervlakte === null ? '' : el('oppervlakte', record.oppervlakte)) +
        el('status', record.status) +
        documentFields(id, n, dates) +
        record.pandIds.map((pand) => ref('maaktDeelUitVan', 'Pand', 'Pand', pand)).join('')
      break
    default: {
      const domein = record.kind === 'ligplaats' ? 'Ligplaats' : 'Standplaats'
      body =
        ref('heeftAlsHoofdadres', 'Nummeraanduiding', 'Nummeraanduiding', record.hoofdadresId) +
        voorkomen(n, dates) +
        record.nevenadresIds
          .map((neven) => ref('heeftAlsNevenadres', 'Nummeraanduiding', 'Nummeraanduiding', neven))
          .join('') +
        identificatie(domein, id) +
        el('status', record.status) +
        `<Objecten:geometrie>\n${polygon(record.kind === 'ligplaats' ? 'LIG' : 'STA', id, n, 2, ring(hint, id, 5, 6, 2))}</Objecten:geometrie>\n` +
        documentFields(id, n, dates)
    }
  }
  const element = ELEMENT_OF_KIND[record.kind]
  return `<sl:stand>\n<sl-bag-extract:bagObject>\n<Objecten:${element}>\n${body}</Objecten:${element}>\n</sl-bag-extract:bagObject>\n</sl:stand>\n`
}
