import { z } from 'zod'
import {
  definePreset,
  type ListPageResult,
  type Page,
  ParseError,
  type SourceRequest,
  siteCoversScope,
} from '../../../src/kit/index.js'
import { portalHost, type WoningnetDakOptions, woningnetDakOptions } from './options.js'
import { notAHome, publicationSchema, toListing } from './publication.js'

/** The screen action the portal's "Woningaanbod" page calls for a visitor who is not logged in. */
const AANBOD_ACTION = '/screenservices/DAKWP/Overzicht/Woningaanbod/DataActionHaalUitgelogdAanbod'

const responseSchema = z.object({
  versionInfo: z.object({ hasModuleVersionChanged: z.boolean(), hasApiVersionChanged: z.boolean() }),
  data: z.object({
    PublicatieLijst: z.object({ List: z.array(z.unknown()) }),
    Result: z.object({ IsSuccess: z.boolean(), ErrorMessage: z.string().nullish() }).nullish(),
  }),
})

/** The whole current offer of one region's portal: the action answers with every publication at once. */
function aanbodRequest(portal: string): SourceRequest {
  return {
    url: `https://${portalHost(portal)}${AANBOD_ACTION}`,
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
 * WoningNet's DAK portals (`<region>.mijndak.nl`): social rent, one POST per region portal for its whole offer, no
 * detail pages. See README.md for the session the portal expects.
 */
export default definePreset<WoningnetDakOptions>({
  id: 'woningnet-dak',
  name: 'WoningNet DAK portal',
  description:
    'The regional social-housing portals of WoningNet (<region>.mijndak.nl), an OutSystems app whose offer page ' +
    'loads every publication from one screen action: Amsterdam, Utrecht, Almere, Eemvallei, Gooi en Vecht, ' +
    'Midden-Holland and more.',
  offers: ['rent'],
  options: woningnetDakOptions,
  build: (site, options) => ({
    startRequests: (scope) =>
      Object.entries(options.portals)
        .filter(([, cities]) => siteCoversScope({ offers: site.offers, regions: cities }, scope))
        .map(([portal]) => aanbodRequest(portal)),
    parseListPage: parseAanbod,
  }),
})
