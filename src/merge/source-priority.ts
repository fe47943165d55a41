/**
 * The registers in their default trust order: the BAG (and PDOK's copy of its addresses), then EP-Online and the
 * WOZ-waardeloket. They come before every listing source.
 */
export const REGISTER_SOURCES = ['bag', 'pdok', 'ep-online', 'woz'] as const

/**
 * The default trust order: registers first, then the listing sources in registry order (`sources/index.ts`).
 * `PROPDATA_SOURCE_PRIORITY` replaces it.
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
