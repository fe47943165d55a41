import { describe, expect, it } from 'vitest'
import { createPage, listingSchema, ParseError } from '../../src/kit/index.js'
import woonnetRijnmond from './adapter.js'
import { postcodeOfLocation } from './publication.js'
import { GATEWAY, publicationsRequest } from './publications-request.js'

const respond = (body: unknown) =>
  woonnetRijnmond.parseListPage(createPage(publicationsRequest(), GATEWAY, 200, JSON.stringify(body)))
const page = (edges: unknown[], hasNextPage = false) => ({
  data: { housingPublications: { nodes: { pageInfo: { hasNextPage, endCursor: 'Y3Vyc29y' }, edges } } },
})

describe('woonnet-rijnmond publications', () => {
  it('asks for the first page only when the scope names a city of the region', () => {
    const [request] = woonnetRijnmond.startRequests({ cities: ['Utrecht', 'Schiedam'], types: ['rent'] })
    expect(request).toMatchObject({
      url: GATEWAY,
      method: 'POST',
      headers: { 'x-ec-tenant-id': 'woonnetrijnmond' },
    })
    expect(JSON.parse(request!.body!).variables).not.toHaveProperty('after')
    expect(woonnetRijnmond.startRequests({ cities: ['Utrecht'], types: ['rent'] })).toEqual([])
    expect(woonnetRijnmond.startRequests({ cities: ['Rotterdam'], types: ['buy'] })).toEqual([])
  })
  it('asks for the page after the cursor while there is one', () => {
    expect(JSON.parse(respond(page([], true)).nextRequest!.body!).variables).toMatchObject({
      after: 'Y3Vyc29y',
    })
    expect(respond(page([{ node: {} }])).nextRequest).toBeUndefined()
  })
  it('says an empty offer has no results', () => {
    expect(respond(page([]))).toMatchObject({ listings: [], noResults: true })
  })
  it('turns a malformed publication into a listing that validation rejects, not a crash', () => {
    const { listings } = respond(
      page([{ node: { id: 'x', unit: { grossRent: 'cheap' } } }, { node: null }, { node: [1] }]),
    )
    expect(listings).toHaveLength(3)
    for (const listing of listings ?? []) expect(listingSchema.safeParse(listing).success).toBe(false)
  })
  it('throws ParseError when the response is not the publications query', () => {
    expect(() => respond({ errors: [{ message: 'Unauthorized' }] })).toThrow(ParseError)
    expect(() =>
      woonnetRijnmond.parseListPage(createPage(publicationsRequest(), GATEWAY, 200, '<html></html>')),
    ).toThrow(/Not an Embrace housingPublications response/)
  })
  it('reads the postcode from the location id, and nothing from another id', () => {
    expect(postcodeOfLocation('SG91c2luZ0xvY2F0aW9uOjMwNzNFSjsxNjtCOw==')).toBe('3073EJ')
    expect(postcodeOfLocation(btoa('HousingUnit:3073EJ;16;'))).toBeNull()
    expect(postcodeOfLocation('not base64!')).toBeNull()
  })
})
