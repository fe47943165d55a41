import { z } from 'zod'
import {
  defineListingSource,
  type ListPageResult,
  type Page,
  ParseError,
  type SourceRequest,
  siteCoversScope,
} from '../../src/kit/index.js'
import { notAHome, publicationSchema, toListing } from './publication.js'
import { DAK_HOSTS, DAK_REGIONS } from './regions.js'

/** The screen action the portal's "Woningaanbod" page calls for a visitor who is not logged in. */
const AANBOD_ACTION = '/screenservices/DAKWP/Overzicht/Woningaanbod/DataActionHaalUitgelogdAanbod'

const OFFERS = ['rent'] as const

const responseSchema = z.object({
  versionInfo: z.object({ hasModuleVersionChanged: z.boolean(), hasApiVersionChanged: z.boolean() }),
  data: z.object({
    PublicatieLijst: z.object({ List: z.array(z.unknown()) }),
    Result: z.object({ IsSuccess: z.boolean(), ErrorMessage: z.string().nullish() }).nullish(),
  }),
})

/** The whole current offer of one region's portal: the action answers with every publication at once. */
function aanbodRequest(region: string): SourceRequest {
  return {
    url: `https://${region}.mijndak.nl${AANBOD_ACTION}`,
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=UTF-8', accept: 'application/json' },
    body: JSON.stringify({
      versionInfo: { moduleVersion: '', apiVersion: '' },
      viewName: 'Overzicht.Woningaanbod',
      screenData: { variables: {} },
      clientVariables: {},
    }),
    label: 'list',
  }
}

/**
 * The offer → its listings. Not JSON or not this shape, a failed result, or version tokens the portal no longer
 * accepts (it then answers with an empty list, which must not read as "no homes"): the API changed.
 */
function parseAanbod(page: Page): ListPageResult {
  let body: z.infer<typeof responseSchema>
  try {
    body = responseSchema.parse(page.json())
  } catch (error) {
    throw new ParseError('Not a DAK HaalUitgelogdAanbod response', { url: page.url }, { cause: error })
  }
  const { hasModuleVersionChanged, hasApiVersionChanged } = body.versionInfo
  if (hasModuleVersionChanged || hasApiVersionChanged) {
    throw new ParseError('The DAK portal no longer accepts the version tokens sent', { url: page.url })
  }
  if (body.data.Result?.IsSuccess === false) {
    const reason = body.data.Result.ErrorMessage || 'no message'
    throw new ParseError(`The DAK portal answered with a failure: ${reason}`, { url: page.url })
  }
  const origin = new URL(page.url).origin
  const publications = body.data.PublicatieLijst.List.map((raw) => publicationSchema.parse(raw))
  return {
    listings: publications.filter((p) => notAHome(p) === null).map((p) => toListing(p, origin)),
    noResults: publications.length === 0,
  }
}

/**
 * WoningNet (woningnet.nl): social rent in the Amsterdam, Utrecht and Almere regions, read from the regions' DAK
 * portals (`<region>.mijndak.nl`). One POST per region returns its whole offer; no detail pages are needed.
 * See README.md for the session the portal expects.
 */
export default defineListingSource({
  kind: 'crawl',
  id: 'woningnet-dak',
  name: 'WoningNet',
  homepage: 'https://www.woningnet.nl/',
  hosts: DAK_HOSTS,
  render: 'http',
  // One request at a time, at the pace of a small site: one request per region covers its whole offer.
  politeness: { concurrency: 1, intervalCap: 1, interval: 2_000 },
  offers: OFFERS,
  terms: 'unknown',
  evidence: {
    kind: 'recorded',
    fixture: 'list-aanbod-amsterdam.json',
    repository: 'danieltyukov/nl-property-finder',
    path: 'packages/sources/fixtures/woningnet-dak/aanbod-amsterdam.json',
    commit: '95be10bda7e42548fd7cf01981ef1d6286a709f5',
    recorded: '2026-09',
    licence: "MIT (repository); the content is the portal's",
  },
  regions: Object.values(DAK_REGIONS).flat(),
  startRequests: (scope) =>
    Object.entries(DAK_REGIONS)
      .filter(([, cities]) => siteCoversScope({ offers: OFFERS, regions: cities }, scope))
      .map(([region]) => aanbodRequest(region)),
  parseListPage: parseAanbod,
})
