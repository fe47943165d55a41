import { defineListingSource } from '../../src/kit/index.js'
import { parseDetailPage, parseSearchPage } from './listing-markup.js'

/** Pararius's English site: its Dutch one sits behind a Cloudflare challenge, the .com one answers plain HTTP. */
const ORIGIN = 'https://www.pararius.com'

/** Pararius's city slugs: lower case, dashes, no apostrophes; The Hague is "den-haag". */
export function citySlug(city: string): string {
  const aliases: Record<string, string> = {
    "'s-gravenhage": 'den-haag',
    's-gravenhage': 'den-haag',
    "'s-hertogenbosch": 's-hertogenbosch',
  }
  const lower = city.trim().toLowerCase()
  return (
    aliases[lower] ??
    lower
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/['’]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
  )
}

/** Pararius (pararius.com): rentals, search cards then detail pages. See README.md for terms and politeness. */
export default defineListingSource({
  kind: 'crawl',
  id: 'pararius',
  name: 'Pararius',
  homepage: `${ORIGIN}/`,
  render: 'http',
  // One request at a time, at most one every 2 s: the site forbids scraping in its terms, so we stay gentle.
  politeness: { concurrency: 1, intervalCap: 1, interval: 2_000 },
  offers: ['rent'],
  startRequests: (scope) =>
    scope.types.includes('rent')
      ? scope.cities.map((city) => ({
          url: `${ORIGIN}/apartments/${citySlug(city)}`,
          label: 'list' as const,
        }))
      : [],
  parseListPage: parseSearchPage,
  parseDetailPage,
})
