import funda from '../../sources/funda/adapter.js'
import huurwoningen from '../../sources/huurwoningen/adapter.js'
import kamernet from '../../sources/kamernet/adapter.js'
import pararius from '../../sources/pararius/adapter.js'
import type { Politeness } from '../../src/kit/adapter.js'
import { listingSource, PRESET_SITES, wholeOfferUrl } from '../sample/preset-sites.js'
import type { MarketSite } from './market-state.js'

/** How one site of the simulated market behaves towards a crawler. */
export interface MarketSiteSpec {
  readonly id: MarketSite
  /** The site's own origin, as the adapter's URLs name it. */
  readonly origin: string
  readonly host: string
  /** Paths of its list pages (search pages, the JSON search); every other path but robots.txt is a detail page. */
  readonly listPath: RegExp
  /** Answers conditional requests with 304 when nothing changed; a site that ignores them always answers 200. */
  readonly honoursConditionals: boolean
  /** The adapter's politeness: a night's cost is each request at its interval. */
  readonly politeness: Politeness
}

const spec = (
  source: { readonly id: string; readonly homepage: string; readonly politeness: Politeness },
  listPath: RegExp,
  honoursConditionals = true,
): MarketSiteSpec => {
  const { origin, host } = new URL(source.homepage)
  return {
    id: source.id as MarketSite,
    origin,
    host,
    listPath,
    honoursConditionals,
    politeness: source.politeness,
  }
}

/** A site whose whole offer is one JSON at one path (its real source's own request): that path is its list. */
function wholeOfferSpec(id: string): MarketSiteSpec {
  const source = listingSource(id)
  const path = new URL(wholeOfferUrl(source)).pathname
  return spec(source, new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`))
}

/** The listing sites, with their sources' origins and politeness. Huurwoningen ignores conditionals. */
export const MARKET_SITE_SPECS: Readonly<Record<MarketSite, MarketSiteSpec>> = {
  funda: spec(funda, /^\/zoeken\//),
  pararius: spec(pararius, /^\/apartments\//),
  huurwoningen: spec(huurwoningen, /^\/in\//, false),
  kamernet: spec(kamernet, /^\/services\/api\/listing\/findlistings$/),
  'verra-makelaars': wholeOfferSpec(PRESET_SITES.ogonline),
  plaza: wholeOfferSpec(PRESET_SITES.zig),
}
