import { definePreset, listRequests } from '../../../src/kit/index.js'
import { parseListResponse } from './list-response.js'
import { type JsonCardsOptions, jsonCardsOptions } from './options.js'

/**
 * For a site on no known platform whose search is a JSON API: the site file gives where the items are and a dotted
 * path per field. See README.md.
 */
export default definePreset<JsonCardsOptions>({
  id: 'json-cards',
  name: 'JSON cards',
  description:
    'Any site whose search answers JSON with a list of homes; the site file gives a dotted path per field.',
  offers: ['rent', 'buy'],
  options: jsonCardsOptions,
  build: (site, options) => ({
    startRequests: (scope) => listRequests(options.lists, site.offers, scope),
    parseListPage: (page) => parseListResponse(page, options, site.offers),
  }),
})
