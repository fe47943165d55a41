import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { SiteFileError } from '../errors.js'
import type { Source } from '../kit/adapter.js'

/** The file that ranks the listing sources by trust, in the sources folder. */
export const TRUST_ORDER_FILE = 'trust-order.yml'

/** The trust order as messages name it. */
const SHOWN = `sources/${TRUST_ORDER_FILE}`

/** A trust order that cannot be read or names what is no source stops every command, as a broken site file does. */
const trustOrderError = (message: string) => new SiteFileError(`${SHOWN}: ${message}`, { file: SHOWN })

/** The source ids `sources/trust-order.yml` lists, most trusted first; none when there is no such file. */
export function readTrustOrder(sourcesDir: string): string[] {
  const path = join(sourcesDir, TRUST_ORDER_FILE)
  if (!existsSync(path)) return []
  const order = parse(readFileSync(path, 'utf8')) as unknown
  if (!Array.isArray(order) || !order.every((id) => typeof id === 'string'))
    throw trustOrderError('must be a list of source ids')
  return order
}

/**
 * The sources in trust order: those the order names, in its order, then the others by id, so that a new source
 * ranks below every source someone has placed. An id the order names twice or that is no source is an error: a
 * misspelt id would otherwise demote its source without a word.
 */
export function inTrustOrder(sources: readonly Source[], order: readonly string[]): Source[] {
  const byId = new Map(sources.map((s) => [s.id, s]))
  const unknown = order.filter((id) => !byId.has(id))
  if (unknown.length > 0) throw trustOrderError(`${unknown.join(', ')}: no such source`)
  const twice = order.filter((id, i) => order.indexOf(id) !== i)
  if (twice.length > 0) throw trustOrderError(`${twice.join(', ')} named twice`)
  const ranked = new Set(order)
  const rest = sources
    .filter((s) => !ranked.has(s.id))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  return [...order.map((id) => byId.get(id)!), ...rest]
}
