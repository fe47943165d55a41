import { definePreset, type ListPageResult, typesToCrawl } from '../../../src/kit/index.js'
import { pageRequests, readDetailPage } from './detail-page.js'
import { readListings } from './listings-response.js'
import { ogonlineOptions } from './options.js'

/**
 * OGonline, the website builder many Dutch estate agents run on. Every such site serves its whole offer, rent and
 * sale, as one JSON array; that one request per night is the whole crawl. See README.md.
 */
export default definePreset({
  id: 'ogonline',
  name: 'OGonline',
  description:
    'Estate agents’ websites built by OGonline: the whole offer as one JSON array at /nl/realtime-listings/consumer, optionally each listing’s page.',
  offers: ['rent', 'buy'],
  options: ogonlineOptions,
  build(site, options) {
    const listUrl = new URL(options.listPath, site.homepage).href
    return {
      startRequests(scope) {
        const types = typesToCrawl(site, scope)
        return types.length === 0 ? [] : [{ url: listUrl, label: 'list', userData: { types } }]
      },
      parseListPage(page): ListPageResult {
        const listings = readListings(page, site.offers)
        // The array is the site's whole offer: nothing on offer in it is what the site says, not a layout change.
        const noResults = listings.length === 0
        return options.detailPages ? { ...pageRequests(listings), noResults } : { listings, noResults }
      },
      parseDetailPage: options.detailPages ? readDetailPage : undefined,
    }
  },
})
