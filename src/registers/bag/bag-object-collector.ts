import { append, BagObjectScratch } from './bag-object-scratch.js'
import { BAG_KINDS, type BagKind, type BagRecord } from './bag-record.js'
import type { XmlContentHandler } from './xml-scanner.js'
import { detach } from './xml-text.js'

// Element tokens. Objects are 1..7 in BAG_KINDS order so `token - 1` is the kind index.
const OTHER = 0
const IDENTIFICATIE = 10
const STATUS = 11
const NAAM = 12
const TYPE = 13
const HUISNUMMER = 14
const HUISLETTER = 15
const TOEVOEGING = 16
const POSTCODE = 17
const TYPE_AO = 18
const GEBRUIKSDOEL = 19
const OPPERVLAKTE = 20
const BOUWJAAR = 21
const HOOFDADRES = 30
const NEVENADRES = 31
const LIGT_AAN = 32
const LIGT_IN = 33
const MAAKT_DEEL_UIT_VAN = 34
const VOORKOMEN = 35
const VERKORTE_NAAM_OR = 36
const VERKORTE_NAAM = 37
const NUM_REF = 40
const OPR_REF = 41
const WPL_REF = 42
const PND_REF = 43
const VOORKOMEN_ID = 50
const BEGIN = 51
const EIND = 52
const EIND_REGISTRATIE = 53
const POS = 60
const STAND_DATUM = 61

const TOKEN_OF_LOCAL_NAME: Readonly<Record<string, number>> = {
  Woonplaats: 1,
  OpenbareRuimte: 2,
  Nummeraanduiding: 3,
  Pand: 4,
  Verblijfsobject: 5,
  Ligplaats: 6,
  Standplaats: 7,
  identificatie: IDENTIFICATIE,
  status: STATUS,
  naam: NAAM,
  type: TYPE,
  huisnummer: HUISNUMMER,
  huisletter: HUISLETTER,
  huisnummertoevoeging: TOEVOEGING,
  postcode: POSTCODE,
  typeAdresseerbaarObject: TYPE_AO,
  gebruiksdoel: GEBRUIKSDOEL,
  oppervlakte: OPPERVLAKTE,
  oorspronkelijkBouwjaar: BOUWJAAR,
  heeftAlsHoofdadres: HOOFDADRES,
  heeftAlsNevenadres: NEVENADRES,
  ligtAan: LIGT_AAN,
  ligtIn: LIGT_IN,
  maaktDeelUitVan: MAAKT_DEEL_UIT_VAN,
  Voorkomen: VOORKOMEN,
  VerkorteNaamOpenbareRuimte: VERKORTE_NAAM_OR,
  verkorteNaam: VERKORTE_NAAM,
  NummeraanduidingRef: NUM_REF,
  OpenbareRuimteRef: OPR_REF,
  WoonplaatsRef: WPL_REF,
  PandRef: PND_REF,
  voorkomenidentificatie: VOORKOMEN_ID,
  beginGeldigheid: BEGIN,
  eindGeldigheid: EIND,
  eindRegistratie: EIND_REGISTRATIE,
  pos: POS,
  StandTechnischeDatum: STAND_DATUM,
}

const VBO = 5

/**
 * Turns scanner events into {@link BagRecord}s. Keeps only the current voorkomen of each object: no
 * eindRegistratie, no eindGeldigheid on or before the stand date, and a beginGeldigheid on or before it. Matches
 * elements on local names, so any namespace prefix works.
 */
export class BagObjectCollector implements XmlContentHandler {
  /** StandTechnischeDatum of the delivery (Leveringsdocument); a part's own bagInfo overrides it. */
  deliveryStand: string | null = null
  /** StandTechnischeDatum found in the current file's header. */
  fileStand: string | null = null
  /** Objects seen in the current file, current or not. */
  objectsSeen = 0

  private readonly tokenOf: number[] = []
  private readonly words = new Map<string, string>()
  private readonly stack: number[] = []
  private readonly wanted: boolean[]
  private capture = -1
  private kind = -1
  private objDepth = -1
  private skip = false

  private readonly o = new BagObjectScratch()

  constructor(
    private readonly emit: (record: BagRecord) => void,
    kinds?: readonly BagKind[] | null,
  ) {
    this.wanted = BAG_KINDS.map((kind) => !kinds || kinds.includes(kind))
  }

  /** Call between files: forgets the per-file stand and any half-read state. */
  startFile(): void {
    this.fileStand = null
    this.objectsSeen = 0
    this.stack.length = 0
    this.capture = -1
    this.kind = -1
  }

  declare(id: number, name: string): void {
    const colon = name.indexOf(':')
    this.tokenOf[id] = TOKEN_OF_LOCAL_NAME[colon === -1 ? name : name.slice(colon + 1)] ?? OTHER
  }

  open(id: number): boolean {
    const token = this.tokenOf[id] as number
    const depth = this.stack.length
    const parent = depth > 0 ? (this.stack[depth - 1] as number) : OTHER
    this.stack.push(token)
    if (this.kind < 0) {
      if (token >= 1 && token <= 7) {
        this.startObject(token - 1, depth)
        return false
      }
      if (token !== STAND_DATUM) return false
      this.capture = depth
      return true
    }
    if (this.skip) return false
    let want: boolean
    if (token >= IDENTIFICATIE && token <= BOUWJAAR) want = depth === this.objDepth + 1
    else if (token === NUM_REF) want = parent === HOOFDADRES || parent === NEVENADRES
    else if (token === OPR_REF) want = parent === LIGT_AAN
    else if (token === WPL_REF) want = parent === LIGT_IN
    else if (token === PND_REF) want = parent === MAAKT_DEEL_UIT_VAN
    else if (token >= VOORKOMEN_ID && token <= EIND_REGISTRATIE) want = parent === VOORKOMEN
    else if (token === VERKORTE_NAAM) want = parent === VERKORTE_NAAM_OR
    else want = token === POS && this.kind === VBO - 1 && this.o.pos === null
    if (want) this.capture = depth
    return want
  }

  close(text: string): void {
    const token = this.stack.pop() as number
    const depth = this.stack.length
    if (this.capture === depth) {
      this.capture = -1
      this.assign(token, text.trim(), depth > 0 ? (this.stack[depth - 1] as number) : OTHER)
    } else if (depth === this.objDepth && this.kind >= 0) {
      this.finishObject()
    }
  }

  private startObject(kind: number, depth: number): void {
    this.kind = kind
    this.objDepth = depth
    this.skip = !this.wanted[kind]
    this.objectsSeen++
    this.o.reset()
  }

  private assign(token: number, raw: string, parent: number): void {
    // Captured text is a slice of a 64 KiB chunk; V8 would keep the whole chunk alive for as long as a consumer
    // keeps the id. Repeated words (statuses, functions) share one copy; everything else is copied.
    const value =
      token === STATUS || token === GEBRUIKSDOEL || token === TYPE_AO || token === TYPE
        ? this.vocabulary(raw)
        : detach(raw)
    switch (token) {
      case IDENTIFICATIE:
        this.o.id = value
        break
      case STATUS:
        this.o.status = value
        break
      case NAAM:
        this.o.naam = value
        break
      case TYPE:
        this.o.type = value
        break
      case HUISNUMMER:
        this.o.huisnummer = value
        break
      case HUISLETTER:
        this.o.huisletter = value
        break
      case TOEVOEGING:
        this.o.toevoeging = value
        break
      case POSTCODE:
        this.o.postcode = value
        break
      case TYPE_AO:
        this.o.typeAO = value
        break
      case GEBRUIKSDOEL:
        this.o.gebruiksdoelen = append(this.o.gebruiksdoelen, value)
        break
      case OPPERVLAKTE:
        this.o.oppervlakte = value
        break
      case BOUWJAAR:
        this.o.bouwjaar = value
        break
      case NUM_REF:
        if (parent === HOOFDADRES) this.o.hoofdadres = value
        else this.o.nevenadressen = append(this.o.nevenadressen, value)
        break
      case OPR_REF:
        this.o.oprRef = value
        break
      case WPL_REF:
        this.o.wplRef = value
        break
      case PND_REF:
        this.o.panden = append(this.o.panden, value)
        break
      case VERKORTE_NAAM:
        this.o.verkorteNaam = value
        break
      case VOORKOMEN_ID:
        this.o.voorkomen = value
        break
      case BEGIN:
        this.o.begin = value
        break
      case EIND:
        this.o.eind = value
        break
      case EIND_REGISTRATIE:
        this.o.eindRegistratie = value
        break
      case POS:
        this.o.pos = value
        break
      case STAND_DATUM:
        this.fileStand = value
        break
    }
  }

  private vocabulary(word: string): string {
    let shared = this.words.get(word)
    if (shared === undefined) {
      shared = detach(word)
      if (this.words.size < 1000) this.words.set(shared, shared)
    }
    return shared
  }

  private finishObject(): void {
    const kind = this.kind
    this.kind = -1
    this.objDepth = -1
    if (this.skip || !this.isCurrent()) return
    if (this.o.id === '') throw new Error(`a ${BAG_KINDS[kind]} without identificatie`)
    this.emit(this.o.build(kind))
  }

  private isCurrent(): boolean {
    if (this.o.eindRegistratie !== '') return false
    const stand = this.fileStand ?? this.deliveryStand
    // Dates are ISO `yyyy-mm-dd` (sometimes with a time), so string order is date order; compare the date part.
    if (this.o.eind !== '' && (stand === null || this.o.eind.slice(0, 10) <= stand)) return false
    return this.o.begin === '' || stand === null || this.o.begin.slice(0, 10) <= stand
  }
}
