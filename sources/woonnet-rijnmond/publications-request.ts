import type { SourceRequest } from '../../src/kit/index.js'

/** The Embrace Cloud gateway every Embrace portal's page queries; the headers say which portal is asking. */
export const GATEWAY = 'https://portal.mesh-router.embracecloud.nl/graphql'

/** Woonnet Rijnmond's tenant and portal on the gateway, as its own `/base/config.json` names them. */
const PORTAL_HEADERS = {
  'content-type': 'application/json',
  'x-ec-tenant-id': 'woonnetrijnmond',
  'x-ec-portal-id': 'UG9ydGFsUHJvdmlkZXJQb3J0YWw6NDg0MDExNWQtZTk4NC00MzQwLTgxYTktZjNjODZiYjM0MDk2',
}

/** Publications per page: enough to read the whole offer in a few requests. */
export const PAGE_SIZE = 24

/** The fields of the current publications this adapter reads, oldest first so pages stay stable while new ones come. */
const PUBLICATIONS_QUERY = `query widgetListGetPublications($orderBy: HousingPublicationsOrder, $first: Int, $after: String, $locale: String) {
  housingPublications(orderBy: $orderBy, first: $first, after: $after, locale: $locale) {
    nodes {
      pageInfo { hasNextPage endCursor }
      edges { node {
        id startTime
        allocationProcess { name applicationMethod }
        unit {
          unitUsageType
          slug { value }
          basicRent { exact }
          grossRent { exact }
          location { id addressLine1 addressLine2 }
          types { edges { node { name } } }
          dimensions { edges { node { area surfaceArea } } }
          energyRating { name }
        }
      } }
    }
  }
}`

/** One page of publications: the first, or the one after `cursor`. */
export function publicationsRequest(cursor?: string): SourceRequest {
  return {
    url: GATEWAY,
    method: 'POST',
    headers: PORTAL_HEADERS,
    body: JSON.stringify({
      operationName: 'widgetListGetPublications',
      variables: {
        orderBy: 'STARTDATE_ASC',
        first: PAGE_SIZE,
        locale: 'nl-NL',
        ...(cursor ? { after: cursor } : {}),
      },
      query: PUBLICATIONS_QUERY,
    }),
    label: 'list',
  }
}
