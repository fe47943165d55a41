import { definePreset, listRequests } from '../../../src/kit/index.js'
import { parseDetailPage } from './detail-page.js'
import { parseListPage } from './list-page.js'
import { type HtmlCardsOptions, htmlCardsOptions } from './options.js'

/**
 * For a site on no known platform whose search pages show one card per home: the site file names the card, its
 * link and a selector per field, and optionally the detail page's selectors. See README.md.
 */
export default definePreset<HtmlCardsOptions>({
  id: 'html-cards',
  name: 'HTML cards',
  description:
    'Any site whose search pages list homes as cards in plain HTML; the site file gives a CSS selector per field.',
  offers: ['rent', 'buy'],
  options: htmlCardsOptions,
  build: (site, options) => ({
    startRequests: (scope) => listRequests(options.lists, site.offers, scope),
    parseListPage: (page) => parseListPage(page, options, site.offers),
    parseDetailPage: options.detail ? (page) => parseDetailPage(page, options, site.offers) : undefined,
  }),
})
