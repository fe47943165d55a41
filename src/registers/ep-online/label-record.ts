import { type EnergyLabel, parseEnergyLabel, parseYearBuilt } from '../../kit/index.js'
import type { LabelField } from './label-columns.js'

/** The address a label names, for files and rows that carry no BAG id. */
export interface LabelAddress {
  /** "2611CC". */
  readonly postcode: string
  readonly huisnummer: number
  readonly huisletter: string | null
  readonly toevoeging: string | null
}

/** One registered energy label, as EP-Online states it, normalised. */
export interface EnergyLabelRecord {
  /** The BAG verblijfsobject, ligplaats or standplaats (16 digits), or null when the row names only an address. */
  readonly objectId: string | null
  readonly address: LabelAddress | null
  /** 'A+++++' … 'G'. */
  readonly label: EnergyLabel
  /** ISO date (YYYY-MM-DD) of registration: the newest registration counts. */
  readonly registeredAt: string
  /** ISO date after which the label no longer counts; registration + 10 years when the source gives none. */
  readonly validUntil: string
  /** ISO date of the inspection, when given. */
  readonly recordedAt: string | null
  /** 'W' (woningbouw) or 'U' (utiliteitsbouw). */
  readonly buildingClass: string | null
  readonly yearBuilt: number | null
  /** A 2015–2020 "vereenvoudigd energielabel": registered by the owner without an inspection. */
  readonly simplified: boolean
}

/** Why a row was not read as a label. */
export type LabelSkipReason = 'malformed' | 'no-label' | 'no-date' | 'no-object' | 'withdrawn'

// A label is valid for ten years from registration (Besluit energieprestatie gebouwen).
const VALIDITY_YEARS = 10
const WITHDRAWN = /ingetrokken|vervallen|ongeldig|verwijderd/i
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/
const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})$/
const DUTCH_DATE = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})(?:$|[T ])/

/**
 * Reads the dates EP-Online writes: ISO ("2024-05-02", "2024-05-02T00:00:00"), compact ("20240502") and Dutch
 * ("02-05-2024", as in the bulk file's `PublicatieDatum`). Null for anything else, or an impossible date.
 */
export function parseRegisterDate(text: string | null | undefined): string | null {
  const t = text?.trim()
  if (!t) return null
  // The common case, "2024-05-02" (or with a time), without a regex or an array: millions of rows.
  if (
    t.length >= 10 &&
    t.charCodeAt(4) === 45 &&
    t.charCodeAt(7) === 45 &&
    (t.length === 10 || t[10] === 'T' || t[10] === ' ')
  ) {
    const date = t.length === 10 ? t : t.slice(0, 10)
    return isDate(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))) ? date : null
  }
  const iso = ISO_DATE.exec(t) ?? COMPACT_DATE.exec(t)
  const dutch = iso ? null : DUTCH_DATE.exec(t)
  const ymd = iso ? [iso[1], iso[2], iso[3]] : dutch ? [dutch[3], dutch[2], dutch[1]] : null
  if (!ymd) return null
  const [year, month, day] = ymd.map(Number) as [number, number, number]
  if (!isDate(year, month, day)) return null
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** Checked by arithmetic rather than by building a Date: three dates a row, over millions of rows. */
function isDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day) || year < 1000)
    return false
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  const days = month === 2 ? (leap ? 29 : 28) : (DAYS_IN_MONTH[month - 1] ?? 0)
  return day >= 1 && day <= days
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
const LATEST_YEAR = new Date().getUTCFullYear() + 6

/** Bouwjaar is nearly always four digits; the kit's parser (periods, "voor 1906") is for the rest. */
const yearOf = (text: string | undefined): number | null => {
  if (text !== undefined && text.length === 4 && /^\d{4}$/.test(text)) {
    const year = Number(text)
    return year >= 1000 && year <= LATEST_YEAR ? year : null
  }
  return parseYearBuilt(text)
}

/** "0503010000003325" for a 16-digit id of the given BAG type; ids that lost their leading zero are padded. */
function bagIdOf(text: string | undefined, typeCodes: readonly string[]): string | null {
  const t = text?.trim()
  if (!t || !/^\d{13,16}$/.test(t)) return null
  const id = t.padStart(16, '0')
  return typeCodes.includes(id.slice(4, 6)) ? id : null
}

function addressOf(get: (field: LabelField) => string | undefined): LabelAddress | null {
  const postcode = get('postcode')?.replace(/\s/g, '').toUpperCase()
  const huisnummer = Number(get('huisnummer')?.trim())
  if (!postcode || !/^[1-9]\d{3}[A-Z]{2}$/.test(postcode) || !Number.isInteger(huisnummer) || huisnummer < 1)
    return null
  const letter = get('huisletter')?.trim()
  const addition = get('toevoeging')?.trim()
  return {
    postcode,
    huisnummer,
    huisletter: letter ? letter.toUpperCase() : null,
    toevoeging: addition ? addition.toUpperCase() : null,
  }
}

const addYears = (iso: string, years: number) => `${Number(iso.slice(0, 4)) + years}${iso.slice(4)}`

/**
 * Builds a label record from one row or JSON object, read field by field through `get`; returns why not when the
 * row has no usable class, registration date or object, or the label was withdrawn. Expiry is the caller's
 * business: it depends on the day you ask.
 */
export function toLabelRecord(
  get: (field: LabelField) => string | undefined,
): EnergyLabelRecord | LabelSkipReason {
  const label = parseEnergyLabel(get('label'))
  if (label === null) return 'no-label'
  const registeredAt = parseRegisterDate(get('registeredAt'))
  if (registeredAt === null) return 'no-date'
  if (WITHDRAWN.test(get('status') ?? '')) return 'withdrawn'
  const objectId =
    bagIdOf(get('objectId'), ['01']) ??
    bagIdOf(get('ligplaatsId'), ['02']) ??
    bagIdOf(get('standplaatsId'), ['03'])
  const address = addressOf(get)
  if (objectId === null && address === null) return 'no-object'
  const buildingClass = get('buildingClass')?.trim().toUpperCase() || null
  return {
    objectId,
    address,
    label,
    registeredAt,
    validUntil: parseRegisterDate(get('validUntil')) ?? addYears(registeredAt, VALIDITY_YEARS),
    recordedAt: parseRegisterDate(get('recordedAt')),
    buildingClass,
    yearBuilt: yearOf(get('yearBuilt')),
    simplified:
      /^(true|1|j|ja)$/i.test(get('simplifiedFlag')?.trim() ?? '') ||
      /vereenvoudigd/i.test(get('calculationType') ?? ''),
  }
}
