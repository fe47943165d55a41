import { definePreset, typesToCrawl } from '../../../src/kit/index.js'
import { type WordpressOptions, wordpressOptions } from './options.js'
import { listPageRequest, parsePostsPage } from './posts-response.js'

/**
 * Sites built on WordPress that keep their homes as posts of a post type and serve them through WordPress's REST
 * API (`/wp-json/wp/v2/<post type>`), a page of up to 100 posts at a time. The site file names the post type and a
 * dotted path per field. See README.md.
 */
export default definePreset<WordpressOptions>({
  id: 'wordpress',
  name: 'WordPress REST API',
  description:
    'Sites on WordPress whose homes are posts of a post type, read through the REST API (/wp-json/wp/v2/<post type>), 100 a page; the site file names the post type and where each field is. No site yet: no recorded answer of a Dutch listing site on it was found under a licence that lets it be kept (its README says what was searched).',
  offers: ['rent', 'buy'],
  options: wordpressOptions,
  build: (site, options) => ({
    startRequests(scope) {
      // One list holds every offer type: it is read when the scope asks for a type the site carries in a city it covers.
      return typesToCrawl(site, scope).length === 0 ? [] : [listPageRequest(site.homepage, options, 1)]
    },
    parseListPage: (page) => parsePostsPage(page, site.homepage, options, site.offers),
  }),
})
