import { urlSlug } from '../../src/kit/index.js'
import { AddressBook } from '../sample/address-book.js'
import { partnerNumber } from '../sample/feed-file.js'
import { type FundaHomeOptions, FundaIds, fundaOffer, printNumber } from '../sample/funda-homes.js'
import { huurwoningenListing } from '../sample/huurwoningen-pages.js'
import { BagIdAllocator } from '../sample/id-allocator.js'
import { ogonlineListing } from '../sample/ogonline-pages.js'
import { letsIn, listingSource, PRESET_SITES } from '../sample/preset-sites.js'
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
/** Plaza's object ids start above those its recorded offer shows. */
const FIRST_ZIG_ID = 40_000

/**
 * The seed the preset sites' draws take, beside a dataset's own seed: they came later, and drawing from a seed of
 * their own leaves every draw for the first sites as the same seed always made it.
 */
export const presetSitesSeed = (seed: number) => seed * 7_919 + 1

/** Every offer of the national dataset, per source. */
export interface NationalOffers {
  readonly funda: SampleOffer[]
  readonly pararius: SampleOffer[]
  readonly huurwoningen: SampleOffer[]
  readonly kamernet: SampleOffer[]
  readonly 'verra-makelaars': SampleOffer[]
  readonly plaza: SampleOffer[]
  readonly feed: SampleOffer[]
}

/**
 * Some of the rentals, also on a site that serves its whole offer as one JSON: the estate agent on OGonline takes
 * {@link AGENT_SHARE} of those in its regions, the student-housing portal on Zig {@link STUDENT_SHARE} of the small
 * ones in its regions. The same home and rent as on the other sites, so the dedupe merges them.
 */
function presetSiteOffers(
  rentals: readonly SampleOffer[],
  rng: SeededRandom,
): Pick<NationalOffers, 'verra-makelaars' | 'plaza'> {
  const agent = listingSource(PRESET_SITES.ogonline)
  const student = listingSource(PRESET_SITES.zig)
  const out: Pick<NationalOffers, 'verra-makelaars' | 'plaza'> = { 'verra-makelaars': [], plaza: [] }
  for (const rental of rentals) {
    const { home } = rental
    if (home.dwelling !== 'room' && letsIn(agent, home.city) && rng.chance(AGENT_SHARE))
      out['verra-makelaars'].push({ ...rental, ogonline: ogonlineListing(rental, rng) })
    if (home.area <= STUDENT_MAX_AREA && letsIn(student, home.city) && rng.chance(STUDENT_SHARE)) {
      const id = FIRST_ZIG_ID + out.plaza.length
      out.plaza.push({ ...rental, zig: zigListing(rental, id, rng) })
    }
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
  const out: Omit<NationalOffers, 'verra-makelaars' | 'plaza'> = {
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
