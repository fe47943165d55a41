/**
 * A simulated market of offers on the listing sources, moved night by night at seeded daily rates: new offers,
 * withdrawals, price changes, relistings of withdrawn homes, and edits that reach only a search card or only a
 * detail page. `market-server.ts` serves it over HTTP in each site's real page format.
 */
import type BetterSqlite3 from 'better-sqlite3'
import { homesFromBag } from '../national/national-homes.js'
import { nationalOffers, presetSitesSeed } from '../national/national-offers.js'
import { huurwoningenListing } from '../sample/huurwoningen-pages.js'
import { ogonlineListing } from '../sample/ogonline-pages.js'
import { PRESET_SITES } from '../sample/preset-sites.js'
import type { SampleCity, SampleHome, SampleOffer } from '../sample/sample-home.js'
import { zigListing } from '../sample/zig-pages.js'
import { SeededRandom } from '../seeded-random.js'

/** The listing sources the market covers (the partner feed is a file, not a site). */
export const MARKET_SITES = [
  'funda',
  'pararius',
  'huurwoningen',
  'kamernet',
  'verra-makelaars',
  'plaza',
] as const
export type MarketSite = (typeof MARKET_SITES)[number]

/**
 * The sites whose whole offer is one JSON list (OGonline, Zig): one list page, no detail pages. They came to the
 * market after the first four, and each draws from a seed of its own, so the first four's nights stay as they were.
 */
export const WHOLE_OFFER_SITES: readonly MarketSite[] = Object.values(PRESET_SITES)

/** The sites whose offers have a detail page beside the search card; Kamernet's search results are the whole offer. */
export const DETAIL_SITES: readonly MarketSite[] = ['funda', 'pararius', 'huurwoningen']

/** One page's version: bumped whenever what the page shows changes, so its ETag and Last-Modified follow. */
export interface PageVersion {
  version: number
  /** ISO timestamp of the market's clock at the last change. */
  modifiedAt: string
}

/** One offer on one site: what its pages print now, and where it stands. */
export interface MarketOffer {
  readonly site: MarketSite
  /** The site's own id (Funda's tiny id, the 8-hex id, Kamernet's listing id, OGonline's or Zig's object id). */
  readonly siteId: string
  /** Not yet on the market, on it, taken off it, or taken off it for good (its home came back under a new id). */
  state: 'waiting' | 'listed' | 'withdrawn' | 'superseded'
  /** What the pages print now (the page writers' input). */
  offer: SampleOffer
  /** The search card's version (its list page shows it). */
  readonly card: PageVersion
  /** The detail page's version; Kamernet and the whole-offer sites have none, so theirs stays at 1. */
  readonly detail: PageVersion
  /** When the detail page was first served: a site whose ETag is stale keeps answering with this one. */
  readonly firstModifiedAt: string
}

/** Daily rates, as shares: of each site's listed offers, except relistings (of its withdrawn ones). */
export interface MarketRates {
  readonly newOffers: number
  readonly withdrawals: number
  readonly priceChanges: number
  readonly relistings: number
  /** Of the relistings, the share that come back under a new id; the rest keep their old one. */
  readonly relistedWithNewId: number
  /** Edits only a search card shows (its photo count). */
  readonly cardEdits: number
  /** Edits only a detail page shows (its description). */
  readonly detailEdits: number
}

/** A market's daily rates unless told otherwise: a few percent of the offers move each night. */
export const DEFAULT_RATES: MarketRates = {
  newOffers: 0.03,
  withdrawals: 0.02,
  priceChanges: 0.02,
  relistings: 0.1,
  relistedWithNewId: 0.5,
  cardEdits: 0.01,
  detailEdits: 0.01,
}

/** What one night changed on one site, by the sites' ids. */
export interface SiteChanges {
  readonly newOffers: string[]
  readonly withdrawals: string[]
  readonly priceChanges: string[]
  readonly relistedSameId: string[]
  /** The withdrawn offer's id and the id it came back under. */
  readonly relistedNewId: { readonly from: string; readonly to: string }[]
  readonly cardEdits: string[]
  readonly detailEdits: string[]
}

/** What one night changed, per site. */
export interface NightChanges {
  readonly night: number
  readonly date: string
  readonly sites: Readonly<Record<MarketSite, SiteChanges>>
}

/** Options for {@link createMarket}. */
export interface MarketOptions {
  readonly homes: readonly SampleHome[]
  readonly cities: readonly SampleCity[]
  /** @default 1 */
  readonly seed?: number
  /** The share of the offers on the market on the first night; the rest come as new offers later. @default 0.8 */
  readonly listedShare?: number
  readonly rates?: Partial<MarketRates>
  /**
   * The share of each site's generated offers the market keeps, drawn by the seed: the generator offers every home
   * for sale on Funda, so a market shaped like the real one keeps a part of Funda's. @default 1 for every site
   */
  readonly siteShares?: Partial<Record<MarketSite, number>>
  /** The first night's date (ISO). @default 2026-11-20 */
  readonly start?: string
}

const DAY_MS = 86_400_000
const DESCRIPTIONS = [
  'Recently renovated kitchen.',
  'New floor throughout.',
  'Freshly painted.',
  'Garden redone this season.',
  'Bathroom renewed.',
]

/** The site's id of an offer. */
function siteIdOf(site: MarketSite, offer: SampleOffer): string {
  if (site === 'funda') return offer.funda!.tinyId
  if (site === 'pararius') return offer.pararius!.id
  if (site === 'huurwoningen') return offer.huurwoningen!.id
  if (site === 'verra-makelaars') return offer.ogonline!.objectId
  if (site === 'plaza') return offer.zig!.id
  return String(offer.kamernet!.listingId)
}

/** The URL of an offer's detail page, for the sites that have one. */
export function detailUrlOf(site: MarketSite, offer: SampleOffer): string | null {
  if (site === 'funda') return offer.funda!.url
  if (site === 'pararius') return offer.pararius!.url
  if (site === 'huurwoningen') return offer.huurwoningen!.url
  return null
}

/** The market: every site's offers, a clock that moves a day a night, and the seeded random moves between nights. */
export class Market {
  readonly cities: readonly SampleCity[]
  readonly rates: MarketRates
  /** Nights passed since the start (0 on the first night). */
  night = 0
  readonly #rng: SeededRandom
  /** The draws of each {@link WHOLE_OFFER_SITES} site, apart from the first four's. */
  readonly #siteRngs: ReadonlyMap<MarketSite, SeededRandom>
  readonly #start: number
  readonly #offers = new Map<MarketSite, MarketOffer[]>()
  readonly #byDetailUrl = new Map<string, MarketOffer>()
  #nextFundaId = 0
  #nextKamernetId = 9_000_000
  #nextZigId = 900_000
  /** Bumped each night, so the server keeps each night's rendered list pages until the market moves. */
  revision = 0

  constructor(options: MarketOptions) {
    this.cities = options.cities
    this.rates = { ...DEFAULT_RATES, ...options.rates }
    const seed = options.seed ?? 1
    this.#rng = new SeededRandom(seed)
    this.#siteRngs = new Map(
      WHOLE_OFFER_SITES.map((site, i) => [site, new SeededRandom(presetSitesSeed(seed) + 1 + i)]),
    )
    this.#start = Date.parse(`${options.start ?? '2026-11-20'}T00:00:00Z`)
    const placement = new SeededRandom(presetSitesSeed(seed))
    const all = nationalOffers(options.homes, options.cities, this.#rng, this.date, placement)
    const listedShare = options.listedShare ?? 0.8
    for (const site of MARKET_SITES) {
      const rng = this.#rngOf(site)
      const share = options.siteShares?.[site] ?? 1
      // A site kept whole draws nothing, so a market without shares is the one the same seed always made.
      const kept = share >= 1 ? all[site] : all[site].filter(() => rng.chance(share))
      const offers = kept.map((offer): MarketOffer => {
        const listed = rng.chance(listedShare)
        const modifiedAt = `${(listed && offer.listedAt) || this.date}T00:00:00.000Z`
        return {
          site,
          siteId: siteIdOf(site, offer),
          state: listed ? 'listed' : 'waiting',
          offer,
          card: { version: 1, modifiedAt },
          detail: { version: 1, modifiedAt },
          firstModifiedAt: modifiedAt,
        }
      })
      this.#offers.set(site, offers)
      for (const o of offers) this.#index(o)
    }
  }

  /** The market's day (ISO date). */
  get date(): string {
    return new Date(this.#start + this.night * DAY_MS).toISOString().slice(0, 10)
  }

  /** The market's clock: midnight of its day, when the night's changes were made. */
  get now(): string {
    return `${this.date}T00:00:00.000Z`
  }

  /** Every offer of `site` ever made, in a stable order (waiting and withdrawn ones too). */
  offers(site: MarketSite): readonly MarketOffer[] {
    return this.#offers.get(site) ?? []
  }

  /** The offers of `site` on the market now. */
  listed(site: MarketSite): MarketOffer[] {
    return this.offers(site).filter((o) => o.state === 'listed')
  }

  /** The offer whose detail page is at `url` (the site's own URL), whatever its state. */
  byDetailUrl(url: string): MarketOffer | undefined {
    return this.#byDetailUrl.get(url)
  }

  /** Moves the market one day on: every site's offers change at the market's rates, or this night at `rates`. */
  advanceNight(rates: Partial<MarketRates> = {}): NightChanges {
    this.night += 1
    this.revision += 1
    const tonight = { ...this.rates, ...rates }
    const sites = Object.fromEntries(
      MARKET_SITES.map((site) => [site, this.#advanceSite(site, tonight)]),
    ) as Record<MarketSite, SiteChanges>
    return { night: this.night, date: this.date, sites }
  }

  /** The draws a site's offers are made and moved with. */
  #rngOf(site: MarketSite): SeededRandom {
    return this.#siteRngs.get(site) ?? this.#rng
  }

  #advanceSite(site: MarketSite, r: MarketRates): SiteChanges {
    const rng = this.#rngOf(site)
    const listed = this.#shuffled(this.listed(site), rng)
    const withdrawn = this.#shuffled(
      this.offers(site).filter((o) => o.state === 'withdrawn'),
      rng,
    )
    const waiting = this.offers(site).filter((o) => o.state === 'waiting')
    // Each move takes its share of the listed offers, and no offer makes two moves in one night.
    const total = listed.length
    const share = (rate: number) => this.#round(rate * total, rng)
    const hasDetail = DETAIL_SITES.includes(site)
    const withdrawals = listed.splice(0, share(r.withdrawals))
    const priced = listed.splice(0, share(r.priceChanges))
    const cardEdits = hasDetail ? listed.splice(0, share(r.cardEdits)) : []
    const detailEdits = hasDetail ? listed.splice(0, share(r.detailEdits)) : []
    const fresh = waiting.slice(0, share(r.newOffers))
    const relisted = withdrawn.slice(0, this.#round(r.relistings * withdrawn.length, rng))
    const withNewId = relisted.splice(0, this.#round(r.relistedWithNewId * relisted.length, rng))

    for (const o of withdrawals) this.#change(o, { state: 'withdrawn' })
    for (const o of priced) this.#change(o, { offer: { ...o.offer, price: this.#newPrice(o.offer, rng) } })
    for (const o of cardEdits)
      this.#change(o, { offer: { ...o.offer, photos: (o.offer.photos ?? 12) + 1 } }, 'card')
    for (const o of detailEdits) {
      const description = `${rng.pick(DESCRIPTIONS)} (${this.date})`
      this.#change(o, { offer: { ...o.offer, description } }, 'detail')
    }
    for (const o of [...fresh, ...relisted])
      this.#change(o, { state: 'listed', offer: this.#relisted(o.offer) })
    const moved = withNewId.map((o) => ({ from: o.siteId, to: this.#relistWithNewId(o, rng).siteId }))
    return {
      newOffers: fresh.map((o) => o.siteId),
      withdrawals: withdrawals.map((o) => o.siteId),
      priceChanges: priced.map((o) => o.siteId),
      relistedSameId: relisted.map((o) => o.siteId),
      relistedNewId: moved,
      cardEdits: cardEdits.map((o) => o.siteId),
      detailEdits: detailEdits.map((o) => o.siteId),
    }
  }

  /** Applies a change and bumps the versions of the pages that show it (both unless `only` says one). */
  #change(o: MarketOffer, change: Partial<Pick<MarketOffer, 'state' | 'offer'>>, only?: 'card' | 'detail') {
    if (change.state) o.state = change.state
    if (change.offer) o.offer = change.offer
    for (const page of only === 'detail' ? [o.detail] : only === 'card' ? [o.card] : [o.card, o.detail]) {
      page.version += 1
      page.modifiedAt = this.now
    }
  }

  /** The offer as it is put (back) on the market today. */
  #relisted(offer: SampleOffer): SampleOffer {
    return { ...offer, listedAt: this.date }
  }

  /** A withdrawn home back on the same site under a new id: a new offer; the old one never comes back. */
  #relistWithNewId(old: MarketOffer, rng: SeededRandom): MarketOffer {
    old.state = 'superseded'
    const offer = this.#relisted(this.#withNewId(old.site, old.offer, rng))
    const o: MarketOffer = {
      site: old.site,
      siteId: siteIdOf(old.site, offer),
      state: 'listed',
      offer,
      card: { version: 1, modifiedAt: this.now },
      detail: { version: 1, modifiedAt: this.now },
      firstModifiedAt: this.now,
    }
    this.#offers.get(old.site)!.push(o)
    this.#index(o)
    return o
  }

  #withNewId(site: MarketSite, offer: SampleOffer, rng: SeededRandom): SampleOffer {
    const swap = (url: string, from: string, to: string) => url.replace(`/${from}/`, `/${to}/`)
    if (site === 'funda') {
      this.#nextFundaId += 1
      const tinyId = String(60_000_000 + this.#nextFundaId * 13)
      const globalId = 9_000_000 + this.#nextFundaId * 7
      const f = offer.funda!
      return { ...offer, funda: { url: swap(f.url, f.tinyId, tinyId), globalId, tinyId } }
    }
    if (site === 'pararius') {
      const p = offer.pararius!
      const id = rng.hex(8)
      return { ...offer, pararius: { ...p, id, url: swap(p.url, p.id, id) } }
    }
    if (site === 'huurwoningen') {
      const city = this.cities.find((c) => c.name === offer.home.city)!
      return { ...offer, huurwoningen: huurwoningenListing(offer, rng, city.slug) }
    }
    if (site === 'verra-makelaars') return { ...offer, ogonline: ogonlineListing(offer, rng) }
    if (site === 'plaza') {
      this.#nextZigId += 1
      return { ...offer, zig: zigListing(offer, this.#nextZigId, rng) }
    }
    this.#nextKamernetId += 1
    return { ...offer, kamernet: { ...offer.kamernet!, listingId: this.#nextKamernetId } }
  }

  /** A price a few percent up or down, rounded as the site's prices are (rents to 5, sales to 1,000). */
  #newPrice(offer: SampleOffer, rng: SeededRandom): number | null {
    if (offer.price === null) return null
    const step = offer.type === 'rent' ? 5 : 1_000
    const factor = 1 + (rng.chance(0.7) ? -1 : 1) * (0.02 + rng.next() * 0.06)
    const price = Math.max(step, Math.round((offer.price * factor) / step) * step)
    return price === offer.price ? price - step : price
  }

  /** `x` rounded down or up at random, weighted by its fraction: a small site still moves at its rates on average. */
  #round(x: number, rng: SeededRandom): number {
    const whole = Math.floor(x)
    return whole + (rng.chance(x - whole) ? 1 : 0)
  }

  #shuffled<T>(items: T[], rng: SeededRandom): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = rng.int(0, i)
      ;[items[i], items[j]] = [items[j]!, items[i]!]
    }
    return items
  }

  #index(o: MarketOffer): void {
    const url = detailUrlOf(o.site, o.offer)
    if (url) this.#byDetailUrl.set(url, o)
  }
}

/** A market of `count` homes picked by `seed` from a BAG already imported into `sqlite`. */
export function marketFromBag(
  sqlite: BetterSqlite3.Database,
  count: number,
  options: Omit<MarketOptions, 'homes' | 'cities'> = {},
): Market {
  const { homes, cities } = homesFromBag(sqlite, count, new SeededRandom(options.seed ?? 1), { seeded: true })
  return new Market({ ...options, homes, cities })
}
