import { defineListingSource, siteCoversScope } from '../../src/kit/index.js'
import { parseOfferDetails } from './offer-details.js'
import { OFFER_URL, ORIGIN, parseOfferList } from './offer-list.js'

/** The cities SSH lets homes in (as its offers and its own pages name them); one offer list covers them all. */
const REGIONS = ['Utrecht', 'Rotterdam', 'Tilburg', 'Zwolle']

/**
 * SSH (sshxl.nl): student housing in Utrecht and a few other cities. One JSON call lists every offer in the
 * country; one details call per offer gives its address, floor area and rent. See README.md.
 */
export default defineListingSource({
  kind: 'crawl',
  id: 'ssh',
  name: 'SSH',
  homepage: `${ORIGIN}/`,
  render: 'http',
  // A housing association's own API: one request at a time, as for any small site.
  politeness: { concurrency: 1, intervalCap: 1, interval: 2_000 },
  offers: ['rent'],
  terms: 'unknown',
  evidence: {
    kind: 'recorded',
    fixture: 'list-offer.json',
    repository: 'danieltyukov/nl-property-finder',
    path: 'packages/sources/fixtures/ssh/offer.json',
    commit: 'ffacd5ed3233afcd69d994a4400c54c6b95e0c3d',
    recorded: '2026-09-24',
    licence: "MIT (repository); the content is SSH's",
  },
  regions: REGIONS,
  startRequests: (scope) =>
    siteCoversScope({ offers: ['rent'], regions: REGIONS }, scope) ? [{ url: OFFER_URL, label: 'list' }] : [],
  parseListPage: parseOfferList,
  parseDetailPage: parseOfferDetails,
})
