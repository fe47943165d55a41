import {
  ALL_PRESET_SITES,
  PRESET_OF_SITE,
  type PresetSite,
  type WholeOfferPreset,
} from '../sample/preset-sites.js'
import type { SampleOffer } from '../sample/sample-home.js'
import type { NationalOffers } from './national-offers.js'

/** The id a preset gives an offer: OGonline's object id, Zig's object id, DAK's publication id. */
const PRESET_LISTING_ID: Readonly<Record<WholeOfferPreset, (offer: SampleOffer) => string | undefined>> = {
  ogonline: (o) => o.ogonline?.objectId,
  zig: (o) => o.zig?.id,
  'woningnet-dak': (o) => o.dak?.id,
}

/**
 * The id each source's adapter gives an offer (its `sourceListingId`), as the page writers print it: what ties a
 * stored observation back to the offer the generator made.
 */
const LISTING_ID: { readonly [S in keyof NationalOffers]: (offer: SampleOffer) => string | undefined } = {
  funda: (o) => (o.funda ? String(o.funda.globalId) : undefined),
  pararius: (o) => o.pararius?.id,
  huurwoningen: (o) => o.huurwoningen?.id,
  kamernet: (o) => (o.kamernet ? String(o.kamernet.listingId) : undefined),
  ...(Object.fromEntries(
    ALL_PRESET_SITES.map((site) => [site, PRESET_LISTING_ID[PRESET_OF_SITE[site]]]),
  ) as Record<PresetSite, (offer: SampleOffer) => string | undefined>),
  feed: (o) => o.feed?.id,
}

/**
 * The ground truth of the dataset's dedupe, as CSV (`source,source_listing_id,home`, one offer a line): every offer
 * with the BAG object of the home it is for. Offers of one home on several sources share the home, so the bench can
 * count which pairs the pipeline merged, missed or merged wrongly.
 */
export function offerHomesCsv(offers: NationalOffers): string {
  const lines = ['source,source_listing_id,home']
  for (const source of Object.keys(LISTING_ID) as (keyof NationalOffers)[]) {
    for (const offer of offers[source]) {
      const id = LISTING_ID[source](offer)
      if (id === undefined) throw new Error(`A ${source} offer without its ${source} id`)
      lines.push(`${source},${id},${offer.home.vboId}`)
    }
  }
  return `${lines.join('\n')}\n`
}
