import { definePreset, typesToCrawl } from '../../../src/kit/index.js'
import { realworksOptions } from './options.js'
import { readSearchPage } from './search-page.js'

/**
 * Realworks, the agents' CRM whose website module serves the agent's offer as server-rendered search pages, one
 * per offer type, with every listing field on its cards. See README.md.
 */
export default definePreset({
  id: 'realworks',
  name: 'Realworks',
  description:
    'Estate agents’ websites run on the Realworks CMS: server-rendered search pages /aanbod/woningaanbod/huur/ and /koop/ whose cards hold each listing.',
  offers: ['rent', 'buy'],
  options: realworksOptions,
  build(site, options) {
    const paths = { rent: options.rentPath, buy: options.buyPath }
    return {
      startRequests: (scope) =>
        typesToCrawl(site, scope).map((type) => ({
          url: new URL(paths[type], site.homepage).href,
          label: 'list',
          userData: { type },
        })),
      parseListPage: (page) => readSearchPage(page, site.offers),
    }
  },
})
