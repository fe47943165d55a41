import type { Store } from '../store/database.js'
import { readTrustOrder } from '../store/sources.repository.js'

/**
 * The registers in their default trust order: the BAG (and PDOK's copy of its addresses), then EP-Online and the
 * WOZ-waardeloket. They come before every listing source.
 */
export const REGISTER_SOURCES = ['bag', 'pdok', 'ep-online', 'woz'] as const

/**
 * The default trust order: registers first, then the listing sources in the registry's trust order
 * (`sources/trust-order.yml`). `PROPDATA_SOURCE_PRIORITY` replaces it.
 */
export const defaultSourceOrder = (listingSources: readonly string[]): string[] => [
  ...REGISTER_SOURCES,
  ...listingSources.filter((id) => !(REGISTER_SOURCES as readonly string[]).includes(id)),
]

/**
 * Turns a trust order into the `priority` the merger and the listing builder take (lower is more trusted). A
 * source missing from the order ranks after every named one, so an unlisted source never outranks a listed one.
 */
export function createSourcePriority(order: readonly string[]): (source: string) => number {
  const rank = new Map(order.map((id, i) => [id, i]))
  return (source) => rank.get(source) ?? order.length
}

/**
 * The trust order in force: `override` (`PROPDATA_SOURCE_PRIORITY`) when given, else the default order of the
 * catalogue's ranked sources, as the last run registered them.
 */
export async function readSourcePriority(
  store: Store,
  override: readonly string[] | null = null,
): Promise<(source: string) => number> {
  return createSourcePriority(override ?? defaultSourceOrder(await readTrustOrder(store)))
}
