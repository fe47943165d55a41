import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import type { SeededRandom } from '../seeded-random.js'

/** A real address as a listing printed it, before anyone normalised it. */
export interface PrintedAddress {
  readonly dataset: 'amsterdam-2021' | 'utrecht-2016'
  readonly street: string
  /** As printed: "8 2", "13 H", "110-pp", "51hs". */
  readonly houseNumber: string
  /** "1091CR". */
  readonly postcode: string
  readonly city: string
}

const titleCase = (slug: string) =>
  slug
    .split('-')
    .map((w, i) =>
      i > 0 && ['van', 'de', 'der', 'den', 'het', 'te', 'ter', 'aan', 'op', 'in', 'en'].includes(w)
        ? w
        : w.charAt(0).toUpperCase() + w.slice(1),
    )
    .join(' ')

/** The Amsterdam 2021 sale listings: `Address` is "Street 8 2, Amsterdam", `Zip` "1091 CR". */
export function amsterdamAddresses(path: string): PrintedAddress[] {
  const rows = parse(readFileSync(path), { columns: true, skip_empty_lines: true }) as {
    Address: string
    Zip: string
  }[]
  const out: PrintedAddress[] = []
  for (const row of rows) {
    const [streetAndNumber] = row.Address.split(',')
    const match = /^(.+?)\s+(\d+(?:\s*[-/ ]?\s*[A-Za-z0-9]+)*)$/.exec(streetAndNumber?.trim() ?? '')
    const postcode = /^(\d{4})\s?([A-Z]{2})$/.exec(row.Zip.trim())
    if (match && postcode)
      out.push({
        dataset: 'amsterdam-2021',
        street: match[1]!,
        houseNumber: match[2]!,
        postcode: postcode[1]! + postcode[2]!,
        city: 'Amsterdam',
      })
  }
  return out
}

/**
 * The Utrecht 2016 sales. The `straat` column is sometimes cut off and carries no addition, so street and addition
 * come from the listing URL's slug (`…/appartement-49994749-arthur-van-schendelstraat-110-pp/`); the addition is
 * printed the ways sites print it ("110-pp", "110 pp", "110pp").
 */
export function utrechtAddresses(path: string, rng: SeededRandom): PrintedAddress[] {
  const rows = parse(readFileSync(path), { columns: true, skip_empty_lines: true }) as {
    url: string
    huisnummer: string
    postcode: string
  }[]
  const out: PrintedAddress[] = []
  for (const row of rows) {
    const slug = row.url.replace(/\/$/, '').split('/').at(-1) ?? ''
    const parts = slug.split('-')
    const idAt = parts.findIndex((p) => /^\d{6,}$/.test(p))
    const numberAt = parts.lastIndexOf(row.huisnummer)
    const postcode = /^(\d{4})\s?([A-Z]{2})$/.exec(row.postcode.trim())
    if (idAt < 0 || numberAt <= idAt + 1 || !postcode || parts.includes('bouwnr')) continue
    const suffix = parts.slice(numberAt + 1).join(' ')
    const separator = suffix ? rng.pick(['-', ' ', '']) : ''
    out.push({
      dataset: 'utrecht-2016',
      street: titleCase(parts.slice(idAt + 1, numberAt).join('-')),
      houseNumber: `${row.huisnummer}${separator}${separator === '-' ? suffix.replaceAll(' ', '-') : suffix}`,
      postcode: postcode[1]! + postcode[2]!,
      city: 'Utrecht',
    })
  }
  return out
}
