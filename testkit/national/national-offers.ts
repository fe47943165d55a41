import { type ListingSource, urlSlug } from '../../src/kit/index.js'
import { AddressBook } from '../sample/address-book.js'
import { partnerNumber } from '../sample/feed-file.js'
import { type FundaHomeOptions, FundaIds, fundaOffer, printNumber } from '../sample/funda-homes.js'
import { huurwoningenListing } from '../sample/huurwoningen-pages.js'
import { BagIdAllocator } from '../sample/id-allocator.js'
import { ogonlineListing } from '../sample/ogonline-pages.js'
import {
  ALL_PRESET_SITES,
  letsIn,
  listingSource,
  MORE_PRESET_SITES,
  type MorePresetSite,
  PRESET_OF_SITE,
  PRESET_SITES,
  type PresetSite,
  type WholeOfferPreset,
} from '../sample/preset-sites.js'
import { daysBefore, type SampleCity, type SampleHome, type SampleOffer } from '../sample/sample-home.js'
import { zigListing } from '../sample/zig-pages.js'
import type { SeededRandom } from '../seeded-random.js'

/** Asking price per m² by city: the big four well above the long tail, as in the real market. */
const PRICE_PER_M2: Record<string, number> = {
  Amsterdam: 7_800,
  Utrecht: 5_600,
  'Den Haag': 4_600,
  Rotterdam: 4_200,
}
const RENT_PER_M2: Record<string, number> = { Amsterdam: 27, Utrecht: 22, 'Den Haag': 19, Rotterdam: 19 }
/**
 * The share of the rentals in an estate agent's regions that it also offers on its own OGonline site. Above a real
 * agent's share, so that a small test market still gives the site a few dozen offers to move.
 */
const AGENT_SHARE = 0.15
/** The share of the small rentals (up to {@link STUDENT_MAX_AREA} m²) a student-housing portal on Zig offers too. */
const STUDENT_SHARE = 0.3
const STUDENT_MAX_AREA = 50
/** The share of the rentals of a social-rent size (up to {@link SOCIAL_MAX_AREA} m²) a WoningNet portal offers too. */
const SOCIAL_SHARE = 0.6
const SOCIAL_MAX_AREA = 90
/** Plaza's object ids start above those its recorded offer shows. */
const FIRST_ZIG_ID = 40_000
/** Publication ids of a DAK portal start above those WoningNet's recorded offer shows. */
const FIRST_DAK_ID = 400_000

/**
 * The seed the preset sites' draws take, beside a dataset's own seed: they came later, and drawing from a seed of
 * their own leaves every draw for the first sites as the same seed always made it.
 */
export const presetSitesSeed = (seed: number) => seed * 7_919 + 1

/** Every offer of the national dataset, per source. */
export interface NationalOffers extends Readonly<Record<MorePresetSite, SampleOffer[]>> {
  readonly funda: SampleOffer[]
  readonly pararius: SampleOffer[]
  readonly huurwoningen: SampleOffer[]
  readonly kamernet: SampleOffer[]
  readonly 'verra-makelaars': SampleOffer[]
  readonly plaza: SampleOffer[]
  readonly feed: SampleOffer[]
}

/** The offers of the preset sites, per site. */
type PresetOffers = Pick<NationalOffers, PresetSite>

/**
 * Whether a preset site takes a rental it could carry (in its regions): an estate agent on OGonline takes
 * {@link AGENT_SHARE} of the homes that are no rooms, a student-housing portal on Zig {@link STUDENT_SHARE} of the
 * small ones, a WoningNet portal {@link SOCIAL_SHARE} of those of a social-rent size.
 */
const TAKES: Readonly<Record<WholeOfferPreset, (rental: SampleOffer, rng: SeededRandom) => boolean>> = {
  ogonline: ({ home }, rng) => home.dwelling !== 'room' && rng.chance(AGENT_SHARE),
  zig: ({ home }, rng) => home.area <= STUDENT_MAX_AREA && rng.chance(STUDENT_SHARE),
  'woningnet-dak': ({ home }, rng) => home.area <= SOCIAL_MAX_AREA && rng.chance(SOCIAL_SHARE),
}

/** The rental as the preset site prints it: with the ids and figures of the site's platform. */
function onSite(site: PresetSite, rental: SampleOffer, rng: SeededRandom, count: number): SampleOffer {
  const preset = PRESET_OF_SITE[site]
  if (preset === 'ogonline') return { ...rental, ogonline: ogonlineListing(rental, rng) }
  if (preset === 'zig') return { ...rental, zig: zigListing(rental, FIRST_ZIG_ID + count, rng) }
  return { ...rental, dak: { id: String(FIRST_DAK_ID + count), serviceCosts: rng.int(8, 40) * 5 } }
}

/**
 * Some of the rentals, also on the sites that serve their whole offer as one JSON ({@link TAKES}): the same home and
 * rent as on the other sites, so the dedupe merges them. The sample's two sites draw first, rental by rental; the
 * {@link MORE_PRESET_SITES} after them, site by site, so the first two's draws are the ones they always were.
 */
function presetSiteOffers(rentals: readonly SampleOffer[], rng: SeededRandom): PresetOffers {
  const out = Object.fromEntries(ALL_PRESET_SITES.map((site) => [site, []])) as unknown as {
    [S in PresetSite]: SampleOffer[]
  }
  const take = (site: PresetSite, rental: SampleOffer, source: ListingSource) => {
    if (letsIn(source, rental.home.city) && TAKES[PRESET_OF_SITE[site]](rental, rng))
      out[site].push(onSite(site, rental, rng, out[site].length))
  }
  const first = [PRESET_SITES.ogonline, PRESET_SITES.zig].map((site) => [site, listingSource(site)] as const)
  for (const rental of rentals) for (const [site, source] of first) take(site, rental, source)
  for (const site of Object.keys(MORE_PRESET_SITES) as MorePresetSite[]) {
    const source = listingSource(site)
    for (const rental of rentals) take(site, rental, source)
  }
  return out
}

/**
 * Puts each home on the market once, for sale (55 %) or for rent, on one to three sources: sales on Funda and now
 * and then in a partner feed; rentals on Pararius, Funda, Huurwoningen and (small ones) Kamernet. Prices follow the
 * city's level, the size and some noise. Then some rentals also go on the sites on platform presets, drawn from
 * `presetRng` (see {@link presetSitesSeed}), so the draws from `rng` are the ones they were before those sites.
 */
export function nationalOffers(
  homes: readonly SampleHome[],
  cities: readonly SampleCity[],
  rng: SeededRandom,
  recordedOn: string,
  presetRng: SeededRandom,
): NationalOffers {
  const out: Omit<NationalOffers, PresetSite> = {
    funda: [],
    pararius: [],
    huurwoningen: [],
    kamernet: [],
    feed: [],
  }
  const rentals: SampleOffer[] = []
  // Only Funda's ids and dates matter here: the homes already have their BAG ids and addresses.
  const fundaOptions: FundaHomeOptions = {
    ids: new BagIdAllocator(),
    addresses: new AddressBook(),
    fundaIds: new FundaIds(),
    rng,
    recordedOn,
  }
  const citySlug = new Map(cities.map((c) => [c.name, c.slug]))
  let kamernetId = 3_000_000
  homes.forEach((home, i) => {
    const noise = Math.exp((rng.next() - 0.5) * 0.3)
    const base = {
      home,
      rooms: Math.max(1, Math.round(home.area / 28)),
      listedAt: daysBefore(recordedOn, rng.int(0, 90)),
    }
    const funda = (type: 'rent' | 'buy', price: number) => {
      const o = fundaOffer(home, type, price, base.rooms, fundaOptions)
      out.funda.push(o)
      return o
    }
    if (rng.chance(0.55)) {
      const price = Math.round(((PRICE_PER_M2[home.city] ?? 3_300) * home.area * noise) / 1_000) * 1_000
      const onFunda = funda('buy', price)
      if (rng.chance(0.08)) {
        out.feed.push({
          ...onFunda,
          funda: undefined,
          feed: {
            id: `NF-${i}`,
            url: `https://www.partnermakelaar.example/aanbod/nf-${i}`,
            printedNumber: partnerNumber(onFunda, rng, false),
          },
        })
      }
      return
    }
    const price = Math.round(((RENT_PER_M2[home.city] ?? 16) * home.area * noise) / 5) * 5
    const rental = { ...base, type: 'rent' as const, price }
    rentals.push(rental)
    let placed = 0
    if (rng.chance(0.55)) {
      const id = rng.hex(8)
      const kind = home.dwelling === 'house' ? 'house' : 'apartment'
      out.pararius.push({
        ...rental,
        pararius: {
          url: `https://www.pararius.com/${kind}-for-rent/${citySlug.get(home.city)}/${id}/${urlSlug(home.street)}`,
          id,
          interior: null,
        },
      })
      placed += 1
    }
    if (rng.chance(0.3) || placed === 0) {
      funda('rent', price)
      placed += 1
    }
    if (placed < 3 && rng.chance(0.25)) {
      const h = huurwoningenListing(rental as SampleOffer, rng, citySlug.get(home.city)!)
      out.huurwoningen.push({ ...rental, huurwoningen: h })
      placed += 1
    }
    if (placed < 3 && home.area <= 50 && rng.chance(0.3)) {
      out.kamernet.push({
        ...rental,
        kamernet: { listingId: kamernetId++, listingType: home.area <= 35 ? 4 : 2 },
      })
    }
    if (rng.chance(0.04))
      out.feed.push({
        ...rental,
        feed: {
          id: `NR-${i}`,
          url: `https://www.partnermakelaar.example/aanbod/nr-${i}`,
          printedNumber: printNumber(home),
        },
      })
  })
  return { ...out, ...presetSiteOffers(rentals, presetRng) }
}
