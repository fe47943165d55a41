import { z } from 'zod'
import {
  defineListingSource,
  type ListPageResult,
  type Page,
  ParseError,
  siteCoversScope,
} from '../../src/kit/index.js'
import { notAHome, publicationSchema, toListing } from './publication.js'
import { publicationsRequest } from './publications-request.js'

/** The cities of the Rijnmond region, whose housing associations offer their homes on the portal. */
const REGIONS = [
  'Rotterdam',
  'Hoogvliet',
  'Schiedam',
  'Vlaardingen',
  'Maassluis',
  'Capelle aan den IJssel',
  'Krimpen aan den IJssel',
  'Barendrecht',
  'Ridderkerk',
  'Albrandswaard',
  'Nissewaard',
  'Spijkenisse',
  'Voorne aan Zee',
  'Lansingerland',
]

const OFFERS = ['rent'] as const

const responseSchema = z.object({
  data: z.object({
    housingPublications: z.object({
      nodes: z.object({
        pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullish() }),
        edges: z.array(z.object({ node: z.unknown() })),
      }),
    }),
  }),
})

/** A page of publications → its listings and the next page. Not JSON, or not this shape: the API changed. */
function parsePublications(page: Page): ListPageResult {
  let nodes: z.infer<typeof responseSchema>['data']['housingPublications']['nodes']
  try {
    nodes = responseSchema.parse(page.json()).data.housingPublications.nodes
  } catch (error) {
    throw new ParseError('Not an Embrace housingPublications response', { url: page.url }, { cause: error })
  }
  const publications = nodes.edges.map((edge) => publicationSchema.parse(edge.node))
  const { hasNextPage, endCursor } = nodes.pageInfo
  return {
    listings: publications.filter((p) => notAHome(p) === null).map(toListing),
    nextRequest: hasNextPage && endCursor ? publicationsRequest(endCursor) : undefined,
    noResults: publications.length === 0 && !hasNextPage,
  }
}

/**
 * Woonnet Rijnmond (woonnetrijnmond.nl): social rent in Rotterdam and its region, read from the GraphQL gateway
 * of the Embrace Cloud portal the site runs on. One POST per page of publications; no detail pages are needed.
 */
export default defineListingSource({
  kind: 'crawl',
  id: 'woonnet-rijnmond',
  name: 'Woonnet Rijnmond',
  homepage: 'https://www.woonnetrijnmond.nl/',
  hosts: ['portal.mesh-router.embracecloud.nl'],
  render: 'http',
  // One request at a time, at the pace of a small site: a few pages cover the whole offer, at a visitor's pace.
  politeness: { concurrency: 1, intervalCap: 1, interval: 2_000 },
  offers: OFFERS,
  terms: 'unknown',
  evidence: {
    kind: 'recorded',
    fixture: 'list-publications-page-1.json',
    repository: 'danieltyukov/nl-property-finder',
    path: 'packages/sources/fixtures/embrace-woonnet-rijnmond/publications-page-1.json',
    commit: '5249aa349e5df794e035f730da4f6afc76fb0caf',
    recorded: '2026-09',
    licence: "MIT (repository); the content is the portal's",
  },
  regions: REGIONS,
  startRequests: (scope) =>
    siteCoversScope({ offers: OFFERS, regions: REGIONS }, scope) ? [publicationsRequest()] : [],
  parseListPage: parsePublications,
})
