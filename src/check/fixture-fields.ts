import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Listing } from '../kit/listing.js'
import { FILL_FIELD_KEYS, FILL_FIELDS, type FillField } from '../pipeline/fill-rates.js'

/** Whether a listing field has a value, as the fill-rate watch counts it. */
export const isFilled = (value: unknown): boolean => value !== null && value !== undefined && value !== ''

/**
 * The watched fields (`FILL_FIELDS`) that the listings on a source's list-page fixtures fill, read from their
 * committed `list-*.expected.json`: the spec of what the parser finds on a list page. Empty for a source whose list
 * pages hold no listings (its listings come from detail pages).
 */
export function fieldsTheFixturesFill(sourceId: string, sourcesDir: string): FillField[] {
  const folder = join(sourcesDir, sourceId, 'fixtures')
  if (!existsSync(folder)) return []
  const listings = readdirSync(folder)
    .filter((file) => /^list-.+\.expected\.json$/.test(file))
    .flatMap((file) => {
      const expected = JSON.parse(readFileSync(join(folder, file), 'utf8')) as { listings?: Listing[] }
      return expected.listings ?? []
    })
  return FILL_FIELD_KEYS.filter((field) => listings.some((l) => isFilled(FILL_FIELDS[field].of(l))))
}
