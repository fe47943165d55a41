import type { SampleOffer } from '../sample/sample-home.js'
import type { NationalOffers } from './national-offers.js'

/**
 * The id each source's adapter gives an offer (its `sourceListingId`), as the page writers print it: what ties a
 * stored observation back to the offer the generator made.
 */
const LISTING_ID: { readonly [S in keyof NationalOffers]: (offer: SampleOffer) => string | undefined } = {
  funda: (o) => (o.funda ? String(o.funda.globalId) : undefined),
  pararius: (o) => o.pararius?.id,
  huurwoningen: (o) => o.huurwoningen?.id,
  kamernet: (o) => (o.kamernet ? String(o.kamernet.listingId) : undefined),
  'verra-makelaars': (o) => o.ogonline?.objectId,
  plaza: (o) => o.zig?.id,
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
