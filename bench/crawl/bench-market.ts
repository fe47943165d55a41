import {
  MARKET_SITES,
  type Market,
  type MarketOptions,
  type MarketSite,
  WHOLE_OFFER_SITES,
} from '../../testkit/market/market-state.js'
import { marketFromBagZip } from '../../testkit/market/sample-market.js'

/**
 * Funda's part of the bench market's offers. The generator offers every home for sale on Funda and makes it the
 * fallback for rentals, which puts most of the offers there, far above its real share: a fifth of 250,000 offers
 * is about the fifty thousand homes Funda has for sale nationally, a market its politeness can cover in a night.
 */
export const FUNDA_PART = 0.2

/** What the bench's markets are drawn with: how many homes, and the share of Funda's generated offers kept. */
export interface MarketShape {
  readonly homes: number
  readonly siteShares: NonNullable<MarketOptions['siteShares']>
}

/**
 * The sites a market's shape is drawn over. The whole-offer sites' offers are rentals the others hold too, a small
 * share, so they are left out of it: the same seed and size give the market they gave before those sites came.
 */
const SHAPED_SITES = MARKET_SITES.filter((s) => !WHOLE_OFFER_SITES.includes(s))

const offersOf = (market: Market, sites: readonly MarketSite[] = MARKET_SITES) =>
  sites.reduce((n, s) => n + market.offers(s).length, 0)

/**
 * The shape of a market of about `offers` offers from the BAG extract `zip` (imported into `dir`) of which Funda
 * holds {@link FUNDA_PART}: enough homes that the other sites, kept whole, hold the rest, and the share of Funda's
 * offers that leaves it its part. A BAG with too few homes gives the market it can, in the same proportions.
 */
export async function marketShape(
  dir: string,
  zip: string,
  offers: number,
  seed: number,
): Promise<MarketShape> {
  const others = (1 - FUNDA_PART) * offers
  let homes = Math.ceil(offers / 1.2)
  let previous = -1
  for (;;) {
    const market = await marketFromBagZip(dir, zip, homes, { seed })
    const funda = market.offers('funda').length
    const rest = offersOf(market, SHAPED_SITES) - funda
    // Offers grow with the homes drawn; once they stop growing, the BAG has no more homes to give.
    if (rest >= others || rest <= previous) {
      const share = funda === 0 ? 1 : Math.min(1, (FUNDA_PART / (1 - FUNDA_PART)) * (rest / funda))
      return { homes, siteShares: { funda: share } }
    }
    previous = rest
    homes = Math.ceil((homes * others) / rest) + 1
  }
}

/** A market of the shape, the same for every call with the same seed. */
export const shapedMarket = (dir: string, zip: string, shape: MarketShape, seed: number) =>
  marketFromBagZip(dir, zip, shape.homes, { seed, siteShares: shape.siteShares })

/** One line on a market's size and composition. */
export function marketSize(market: Market, shape: MarketShape): string {
  const listed = MARKET_SITES.reduce((n, s) => n + market.listed(s).length, 0)
  const bySite = MARKET_SITES.map((s) => `${s} ${market.offers(s).length.toLocaleString('en')}`).join(', ')
  const share = Math.round((shape.siteShares.funda ?? 1) * 100)
  return `${offersOf(market).toLocaleString('en')} offers (${listed.toLocaleString('en')} listed on the first night; ${bySite}; Funda keeps ${share} % of its generated offers) on ${market.cities.length} places`
}
