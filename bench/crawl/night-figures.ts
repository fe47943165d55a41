import type BetterSqlite3 from 'better-sqlite3'
import { nightLowerBound } from '../../src/crawl/night-bound.js'
import { listPagesBySearch, searchOf } from '../../testkit/market/market-pages.js'
import {
  DETAIL_SITES,
  detailUrlOf,
  type Market,
  type MarketOffer,
  type MarketSite,
  type SiteChanges,
} from '../../testkit/market/market-state.js'

/**
 * The sites whose crawl reads a detail page per listing. Huurwoningen's search cards are whole listings (its adapter
 * fetches a detail only for an incomplete card) and Kamernet has none, so their bound is their list pages.
 */
const DETAIL_CRAWLS: readonly MarketSite[] = ['funda', 'pararius']

/** How far one site's night reached the published tables, and the fewest requests it could have taken. */
export interface NightFigures {
  /**
   * The fewest requests that find every change a card shows: the site's robots.txt, the list pages of the scope the
   * night walked, plus a detail page per listing of that scope that is new or whose card shows a changed fact of the
   * listing (its price; not its photos, badges or age).
   */
  readonly lowerBound: number
  /** Of the lower bound, the list pages. */
  readonly listPages: number
  /** The night's new offers (relistings included) that are active listings, and how many there were. */
  readonly newShown: Share
  /** The night's price changes whose published observation carries the new price on an active listing. */
  readonly pricesShown: Share
  /**
   * Offers withdrawn before the night before's crawl, and not back, that are no longer on offer: a listing is
   * withdrawn once two complete crawls missed it, so a withdrawal shows within two nights.
   */
  readonly withdrawalsShown: Share
  /** Published as withdrawn although the site still lists them: must be 0. */
  readonly withdrawnWrongly: number
}

/** `shown` of `of`; the share is 1 when there was nothing to show. */
export interface Share {
  readonly shown: number
  readonly of: number
}

export const shareOf = ({ shown, of }: Share): number => (of === 0 ? 1 : shown / of)

interface PublishedObservation {
  readonly key: string
  readonly price: number | null
  readonly status: 'active' | 'withdrawn'
  readonly listing: 'active' | 'withdrawn' | null
}

/**
 * How an offer is found among the published observations: by its detail URL, or for Kamernet (whose offers have
 * none) by its listing id, which the adapter keeps as the source's id.
 */
const keyOf = (o: MarketOffer): string => detailUrlOf(o.site, o.offer) ?? o.siteId

function published(sqlite: BetterSqlite3.Database, site: MarketSite): Map<string, PublishedObservation> {
  const key = DETAIL_SITES.includes(site) ? 'o.url' : 'o.source_listing_id'
  const rows = sqlite
    .prepare<[string], PublishedObservation>(
      `select ${key} as key, o.price, o.status, l.status as listing
         from observations o left join listings l on l.id = o.listing_id
        where o.source_id = ?`,
    )
    .all(site)
  return new Map(rows.map((row) => [row.key, row]))
}

/** Offers that became listed this night: new ones and relistings under their old id or a new one. */
const arrivals = (changes: SiteChanges) => [
  ...changes.newOffers,
  ...changes.relistedSameId,
  ...changes.relistedNewId.map((m) => m.to),
]

/**
 * One site's figures after a night, from the market as it stands and the database the night published (the API
 * reads the same tables). `changes` is null on the first night, when every listed offer is new; `earlier` are the
 * withdrawals of the night before. `walked`, when given, are the list pages the night was served (by page key): a
 * night that walked part of the site's searches, as a night budget makes it, is bound by those searches alone;
 * without it the scope is every search of the site.
 */
export function nightFigures(
  market: Market,
  site: MarketSite,
  changes: SiteChanges | null,
  earlier: readonly string[],
  sqlite: BetterSqlite3.Database,
  walked?: ReadonlySet<string>,
): NightFigures {
  const bySiteId = new Map(market.offers(site).map((o) => [o.siteId, o]))
  const offers = (ids: readonly string[]) => ids.map((id) => bySiteId.get(id)!)
  const listed = market.listed(site)
  const fresh = changes ? offers(arrivals(changes)) : listed
  const priced = changes ? offers(changes.priceChanges) : []
  // A card edit changes its photos, which tell nothing of the listing that its detail page would: not a change to
  // read the detail page for.
  const cardChanged = priced

  const scope = [...listPagesBySearch(market, site)].filter(
    ([, pages]) => !walked || [...pages.keys()].some((key) => walked.has(key)),
  )
  const searches = new Set(scope.map(([search]) => search))
  const listPages = scope.reduce((n, [, pages]) => n + pages.size, 0)
  const inScope = (o: MarketOffer) => searches.has(searchOf(site, o.offer))
  const details = DETAIL_CRAWLS.includes(site) ? [...fresh, ...cardChanged].filter(inScope).length : 0

  const rows = published(sqlite, site)
  const onOffer = (o: MarketOffer) => {
    const row = rows.get(keyOf(o))
    return row?.status === 'active' && row.listing === 'active' ? row : undefined
  }
  const gone = offers(earlier).filter((o) => o.state !== 'listed')
  const count = (list: readonly MarketOffer[], test: (o: MarketOffer) => boolean): Share => ({
    shown: list.filter(test).length,
    of: list.length,
  })
  return {
    lowerBound: nightLowerBound({ listPages, details }),
    listPages,
    newShown: count(fresh, (o) => onOffer(o) !== undefined),
    pricesShown: count(priced, (o) => onOffer(o)?.price === o.offer.price),
    withdrawalsShown: count(gone, (o) => rows.get(keyOf(o))?.status !== 'active'),
    withdrawnWrongly: listed.filter((o) => rows.get(keyOf(o))?.status === 'withdrawn').length,
  }
}
