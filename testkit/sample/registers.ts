/**
 * The sample's registers besides the BAG: an EP-Online bulk label file in RVO's format (`;`-separated, the two
 * preamble lines, the v5 header, zipped) and WOZ-waardeloket answers for every home a listing reaches, as pages to
 * record into the sample archive, so `ingest --sample` imports the labels and looks the values up through the real
 * fetch path, offline. Deterministic: each home draws from its own seed, so adding or reordering homes changes
 * nothing for the others, and the builder's own random sequence is untouched.
 */
import { createWriteStream, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import yazl from 'yazl'
import { WOZ_BASE_URL, wozUrl } from '../../src/registers/woz/index.js'
import { SeededRandom } from '../seeded-random.js'
import { SAMPLE_CITIES, type SampleHome, type SampleOffer, type SamplePage } from './sample-home.js'

/** The peildatum of the current WOZ values in the sample (the 2026 tax year). */
export const SAMPLE_PEILDATUM = '2025-01-01'

/** Yearly WOZ level of each older peildatum relative to the next one: the 2024→2025 rise was about 9 %. */
const WOZ_YEAR_STEPS: readonly (readonly [string, number])[] = [
  ['2024-01-01', 1 / 1.09],
  ['2023-01-01', 1 / 1.02],
  ['2022-01-01', 1 / 1.08],
]

/** Asking price per m² (EUR) by city, late 2026: what a home with neither a sale price nor a rent is worth. */
const PRICE_PER_M2: Readonly<Record<string, number>> = {
  Amsterdam: 8_000,
  Utrecht: 5_600,
  'Den Haag': 4_800,
  Rotterdam: 4_300,
  Eindhoven: 4_300,
  Groningen: 3_900,
}
/** A rented home's market value ≈ annual rent / gross yield (about 4.5 % in the large cities). */
const GROSS_YIELD = 0.045

/** The cadastral municipality codes the WOZ answers name parcels in. */
const KADASTRALE_GEMEENTE: Readonly<Record<string, string>> = {
  '0363': 'ASD04',
  '0599': 'RTD00',
  '0518': 'SGR01',
  '0344': 'UTT00',
  '0772': 'EHV01',
  '0014': 'GNG00',
}

/** The v5 bulk file's header (the documented column list; the `Eis*` group written out as we understand it). */
const LABEL_COLUMNS = [
  'BAGVerblijfsobjectID',
  'Postcode',
  'Huisnummer',
  'Huisletter',
  'Huisnummertoevoeging',
  'Detailaanduiding',
  'Energieklasse',
  'Registratiedatum',
  'GeldigTot',
  'Opnamedatum',
  'Berekeningstype',
  'SoortOpname',
  'Status',
  'Gebouwklasse',
  'Gebouwtype',
  'Gebouwsubtype',
  'Bouwjaar',
  'GebruiksoppervlakteThermischeZone',
  'Energiebehoefte',
  'Warmtebehoefte',
  'PrimaireFossieleEnergie',
  'AandeelHernieuwbareEnergie',
  'EnergieIndex',
  'Compactheid',
  'BAGLigplaatsID',
  'BAGStandplaatsID',
  'BAGPandIDs',
  'OpBasisVanReferentiegebouw',
  'SBICode',
  'Projectnaam',
  'Projectobject',
  'EisEnergiebehoefte',
  'EisPrimaireFossieleEnergie',
  'EisAandeelHernieuwbareEnergie',
  'EisTemperatuuroverschrijding',
  'Temperatuuroverschrijding',
  'BerekendeCO2Emissie',
  'BerekendeEnergieverbruik',
  'Certificaathouder',
] as const
type LabelColumn = (typeof LABEL_COLUMNS)[number]

/** FNV-1a: a home's own seed from its id, so its draws do not depend on which homes come before it. */
const seedOf = (text: string): number => {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0
  return h
}
const rngFor = (home: SampleHome, purpose: string) => new SeededRandom(seedOf(`${purpose}:${home.vboId}`))

const uniqueHomes = (homes: readonly SampleHome[]): SampleHome[] => [
  ...new Map(homes.map((h) => [h.vboId, h])).values(),
]

const isoDay = (rng: SeededRandom, from: string, to: string) => {
  const a = Date.parse(from)
  const b = Date.parse(to)
  return new Date(a + Math.floor(rng.next() * (b - a))).toISOString().slice(0, 10)
}
const plusYears = (iso: string, years: number) => `${Number(iso.slice(0, 4)) + years}${iso.slice(4)}`
const daysBefore = (iso: string, days: number) =>
  new Date(Date.parse(iso) - days * 86_400_000).toISOString().slice(0, 10)

/** A plausible class for a home of this age that has no label in the data: older homes score worse, with spread. */
function labelFromYear(year: number | null, rng: SeededRandom): string {
  const table: readonly (readonly [string, number])[] =
    year === null
      ? [
          ['B', 2],
          ['C', 3],
          ['D', 2],
          ['E', 1],
        ]
      : year < 1945
        ? [
            ['C', 1],
            ['D', 2],
            ['E', 3],
            ['F', 3],
            ['G', 2],
          ]
        : year < 1975
          ? [
              ['B', 1],
              ['C', 3],
              ['D', 3],
              ['E', 2],
              ['F', 1],
            ]
          : year < 1992
            ? [
                ['B', 2],
                ['C', 4],
                ['D', 2],
                ['E', 1],
              ]
            : year < 2006
              ? [
                  ['A', 2],
                  ['B', 4],
                  ['C', 3],
                ]
              : year < 2015
                ? [
                    ['A+', 1],
                    ['A', 4],
                    ['B', 2],
                  ]
                : [
                    ['A+++', 1],
                    ['A++', 3],
                    ['A+', 3],
                    ['A', 1],
                  ]
  return rng.weighted(table)
}

const BUILDING_TYPE = { apartment: 'Appartement', house: 'Rijwoning tussen', room: 'Appartement' } as const

/** Where each sample home's label came from, for the sample's README. */
export interface SampleLabelSummary {
  readonly homes: number
  /** Labels the listing data states (Pararius `Energie label`, Funda/Utrecht `energielabel`): kept as they are. */
  readonly real: number
  /** Labels drawn from the home's year built. */
  readonly generated: number
  /** Homes left without any label, as many real homes are. */
  readonly withoutLabel: number
  /** Homes with an older registration that the current one supersedes (some expired). */
  readonly superseded: number
  /** Rows that carry only the address, no BAG id (the importer finds the object by address). */
  readonly addressOnly: number
  readonly rows: number
}

/**
 * The bulk label file's text for `homes`, in the v5 format with its preamble. A home's label is the one the
 * listing data states when it has one (real), else drawn from its year built (generated); 3 % of homes without a
 * stated label get none, one in five has an older registration it superseded, one in twenty a row without BAG id.
 */
export function sampleEnergyLabelCsv(
  homes: readonly SampleHome[],
  options: { publicationDate: string },
): { csv: string; summary: SampleLabelSummary } {
  const counts = { homes: 0, real: 0, generated: 0, withoutLabel: 0, superseded: 0, addressOnly: 0, rows: 0 }
  const rows: string[] = []
  const write = (cells: Partial<Record<LabelColumn, string | number | null>>) => {
    rows.push(LABEL_COLUMNS.map((c) => String(cells[c] ?? '')).join(';'))
    counts.rows += 1
  }
  const [y, m, d] = options.publicationDate.split('-')
  const lastDay = daysBefore(options.publicationDate, 7)
  for (const home of uniqueHomes(homes)) {
    counts.homes += 1
    const rng = rngFor(home, 'label')
    if (home.energyLabel === null && rng.chance(0.03)) {
      counts.withoutLabel += 1
      continue
    }
    const label = home.energyLabel ?? labelFromYear(home.yearBuilt, rng)
    if (home.energyLabel) counts.real += 1
    else counts.generated += 1
    const addressOnly = rng.chance(0.05)
    if (addressOnly) counts.addressOnly += 1
    const common = {
      BAGVerblijfsobjectID: addressOnly ? null : home.vboId,
      Postcode: home.postcode,
      Huisnummer: home.huisnummer,
      Huisletter: home.huisletter,
      Huisnummertoevoeging: home.toevoeging,
      Status: 'Bestaand',
      Gebouwklasse: 'W',
      Gebouwtype: BUILDING_TYPE[home.dwelling],
      Bouwjaar: home.yearBuilt,
      GebruiksoppervlakteThermischeZone: `${home.bagArea},0`,
    }
    if (rng.chance(0.2)) {
      // An older registration: a 2012–2016 label, superseded by the current one (those before late 2016 expired).
      counts.superseded += 1
      const registered = isoDay(rng, '2012-01-01', '2016-12-31')
      write({
        ...common,
        Energieklasse: labelFromYear(home.yearBuilt === null ? null : home.yearBuilt - 15, rng),
        Registratiedatum: registered,
        GeldigTot: plusYears(registered, 10),
        Berekeningstype: 'Vereenvoudigd energielabel',
        SoortOpname: 'Basis',
      })
    }
    // Recent registrations, so the sample's labels stay valid for years after it was built.
    const registered = isoDay(rng, '2020-06-01', lastDay)
    write({
      ...common,
      Energieklasse: label,
      Registratiedatum: registered,
      GeldigTot: plusYears(registered, 10),
      Opnamedatum: daysBefore(registered, rng.int(2, 20)),
      Berekeningstype: 'NTA 8800:2024 (basisopname woningbouw)',
      SoortOpname: 'Basisopname',
    })
  }
  const csv = [
    `PublicatieDatum;${d}-${m}-${y}`,
    'LaatstVerwerkteMutatievolgnummer;48213377',
    LABEL_COLUMNS.join(';'),
    ...rows,
  ].join('\r\n')
  return { csv: `${csv}\r\n`, summary: counts }
}

/** Writes the label file as RVO publishes it: one CSV inside a zip. */
export async function writeSampleEnergyLabels(
  zipPath: string,
  homes: readonly SampleHome[],
  options: { publicationDate: string },
): Promise<SampleLabelSummary> {
  const { csv, summary } = sampleEnergyLabelCsv(homes, options)
  mkdirSync(dirname(zipPath), { recursive: true })
  const zip = new yazl.ZipFile()
  zip.addBuffer(Buffer.from(csv, 'utf8'), `ep-online-energielabels-${options.publicationDate}.csv`, {
    mtime: new Date(`${options.publicationDate}T00:00:00Z`),
  })
  zip.end()
  await new Promise<void>((resolve, reject) => {
    const out = createWriteStream(zipPath)
    out.once('error', reject)
    out.once('close', () => resolve())
    zip.outputStream.pipe(out)
  })
  return summary
}

/** A home's market value: the asking price if it is for sale, else its rent capitalised, else city price per m². */
function marketValue(home: SampleHome, offers: readonly SampleOffer[]): number {
  const sale = offers.find((o) => o.type === 'buy' && o.price !== null)
  if (sale?.price) return sale.price
  const rent = offers.find((o) => o.type === 'rent' && o.price !== null)
  if (rent?.price) return (rent.price * 12) / GROSS_YIELD
  return (PRICE_PER_M2[home.city] ?? 4_000) * home.area
}

/** Where each home's WOZ answer came from, for the sample's README. */
export interface SampleWozSummary {
  readonly homes: number
  readonly answered: number
  /** Homes with no recorded answer: replay gives 404, as for a municipality that does not publish. */
  readonly unanswered: number
}

/**
 * WOZ-waardeloket answers (the real JSON shape, ids as numbers without the leading zero) for every home the offers
 * reach, keyed by its nummeraanduiding's URL. Values are generated: the current one (peildatum 2025-01-01) is
 * 0.85–0.95 of the home's market value, and three older years follow the national trend. 3 % of homes get no
 * answer at all.
 */
export function sampleWozPages(
  offers: readonly SampleOffer[],
  baseUrl: string = WOZ_BASE_URL,
): { pages: SamplePage[]; summary: SampleWozSummary } {
  const byHome = new Map<string, SampleOffer[]>()
  for (const offer of offers) byHome.set(offer.home.vboId, [...(byHome.get(offer.home.vboId) ?? []), offer])
  const pages: SamplePage[] = []
  let unanswered = 0
  for (const [, homeOffers] of byHome) {
    const home = homeOffers[0]!.home
    const rng = rngFor(home, 'woz')
    if (rng.chance(0.03)) {
      unanswered += 1
      continue
    }
    let value = Math.round((marketValue(home, homeOffers) * (0.85 + rng.next() * 0.1)) / 1000) * 1000
    const values = [{ peildatum: SAMPLE_PEILDATUM, vastgesteldeWaarde: value }]
    for (const [peildatum, step] of WOZ_YEAR_STEPS) {
      value = Math.round((value * step * (0.99 + rng.next() * 0.02)) / 1000) * 1000
      values.push({ peildatum, vastgesteldeWaarde: value })
    }
    const city = SAMPLE_CITIES.find((c) => c.name === home.city)
    const gemeente = Number(home.gemeente)
    const body = {
      wozObject: {
        wozobjectnummer: gemeente * 100_000_000 + rng.int(1, 99_999_999),
        woonplaatsnaam: city?.woonplaats ?? home.city,
        openbareruimtenaam: home.street,
        straatnaam: home.street,
        postcode: home.postcode,
        huisnummer: home.huisnummer,
        huisletter: home.huisletter,
        huisnummertoevoeging: home.toevoeging,
        locatieomschrijving: null,
        gemeentecode: gemeente,
        grondoppervlakte: home.dwelling === 'house' ? rng.int(90, 320) : null,
        // The real API writes ids as JSON numbers, which drops their leading zero.
        adresseerbaarobjectid: Number(home.vboId),
        nummeraanduidingid: Number(home.numId),
        verbondenAdresseerbareObjecten: [Number(home.vboId)],
        ontleendeAdresseerbareObjecten: [Number(home.vboId)],
      },
      wozWaarden: values,
      panden: [],
      kadastraleObjecten: [
        {
          kadastraleGemeenteCode: KADASTRALE_GEMEENTE[home.gemeente] ?? 'ONB00',
          kadastraleSectie: String.fromCharCode(65 + rng.int(0, 20)),
          kadastraalPerceelNummer: String(rng.int(100, 9_999)),
        },
      ],
    }
    pages.push({
      url: wozUrl(baseUrl, home.numId),
      body: `${JSON.stringify(body, null, 2)}\n`,
      contentType: 'application/json',
    })
  }
  return { pages, summary: { homes: byHome.size, answered: pages.length, unanswered } }
}

/** What {@link writeSampleRegisters} made: the manifest entry, the pages to record, and the README section. */
export interface SampleRegisters {
  /** `energyLabels` for `manifest.json`, relative to the sample folder. */
  readonly manifest: { readonly energyLabels: string }
  /** WOZ answers to record into the sample archive, with status 200. */
  readonly pages: readonly SamplePage[]
  readonly labels: SampleLabelSummary
  readonly woz: SampleWozSummary
  /** A Markdown section for the sample's README: what is real and what was generated. */
  readonly readme: string
}

/**
 * Writes the sample's label file under `sampleDir/ep-online/` and returns the WOZ pages to record, the manifest
 * entry and a README section. `offers` are every listing in the sample; their homes are the homes covered.
 * @example
 *   const registers = await writeSampleRegisters(SAMPLE_DIR, offers, { publicationDate: '2026-11-01' })
 *   pages.push(...registers.pages)                    // recorded like the listing pages, status 200
 *   manifest.energyLabels = registers.manifest.energyLabels
 */
export async function writeSampleRegisters(
  sampleDir: string,
  offers: readonly SampleOffer[],
  options: { publicationDate: string },
): Promise<SampleRegisters> {
  const relative = 'ep-online/ep-online-energielabels.zip'
  const labels = await writeSampleEnergyLabels(
    join(sampleDir, relative),
    offers.map((o) => o.home),
    options,
  )
  const { pages, summary: woz } = sampleWozPages(offers)
  return {
    manifest: { energyLabels: relative },
    pages,
    labels,
    woz,
    readme: registersReadme(labels, woz, options),
  }
}

/** The sample README's section on the registers. */
export function registersReadme(
  labels: SampleLabelSummary,
  woz: SampleWozSummary,
  options: { publicationDate: string },
): string {
  return `## Registers: energy labels and WOZ values

- \`ep-online/ep-online-energielabels.zip\` is an EP-Online bulk label file in RVO's format: one \`;\`-separated CSV
  in a zip, the preamble \`PublicatieDatum;${options.publicationDate.split('-').reverse().join('-')}\` and
  \`LaatstVerwerkteMutatievolgnummer;…\`, then the v5 header. \`ingest --sample\` imports it when no labels are
  loaded. It covers ${labels.homes} homes in ${labels.rows} rows:
  - **real** classes for ${labels.real} homes: the label the public listing data states (Pararius \`Energie label\`,
    Funda/Utrecht \`energielabel\`); their registration dates are generated;
  - **generated** classes for ${labels.generated} homes, drawn from the home's year built (older homes worse, with
    spread);
  - ${labels.withoutLabel} homes have no label at all, as many real homes have none;
  - ${labels.superseded} homes also have an older (2012–2016, "vereenvoudigd") registration that the newer one
    supersedes, and ${labels.addressOnly} rows carry only the address, no BAG id.
- WOZ values are answers of the WOZ-waardeloket API (\`api.kadaster.nl/lvwoz/wozwaardeloket-api/v1/wozwaarde/
  nummeraanduiding/{id}\`) recorded in \`archive.warc.gz\` for ${woz.answered} of the ${woz.homes} listed homes, in
  the real JSON shape (ids as numbers without the leading zero). The values are **generated**: peildatum
  ${SAMPLE_PEILDATUM} at 0.85–0.95 of the home's market value (its asking price; for a rental, its annual rent / 4.5 %),
  and 2022–2024 following the national trend. ${woz.unanswered} homes have no recorded answer: replay answers 404, as
  for a municipality that publishes nothing.
`
}
