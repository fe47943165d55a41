import type { MarketServer } from './market-server.js'
import { MARKET_SITES, type Market } from './market-state.js'

/**
 * The `propdata ingest` that crawls a simulated market live: every listing site of the market over the market's
 * places, fetched from its servers through the origin map, without waiting out politeness (a night's cost is
 * computed from the counted requests instead) and over plain HTTP, as the market's pages need no script. `flags` are
 * the `ingest` flags of `args`, for a run in this process.
 */
export function marketIngest(
  market: Market,
  server: MarketServer,
  db: string,
): { args: string[]; env: Record<string, string>; flags: { sources: string; cities: string } } {
  const flags = { sources: MARKET_SITES.join(','), cities: market.cities.map((c) => c.name).join(',') }
  return {
    args: ['ingest', '--db', db, '--sources', flags.sources, '--cities', flags.cities, '--json'],
    flags,
    env: {
      PROPDATA_ORIGIN_MAP: server.originMap,
      PROPDATA_POLITENESS_SCALE: '0',
      PROPDATA_RENDER: 'http',
    },
  }
}
