import { describe, expect, it } from 'vitest'
import { createPage, ParseError } from '../../src/kit/index.js'
import ssh from './adapter.js'
import { detailsRequest, OFFER_URL } from './offer-list.js'

const list = (body: unknown) =>
  ssh.parseListPage(createPage({ url: OFFER_URL, label: 'list' }, OFFER_URL, 200, JSON.stringify(body)))
const details = (body: unknown) => {
  const request = detailsRequest({ WocasId: '1', FlowId: 7 })
  return ssh.parseDetailPage!(createPage(request, request.url, 200, JSON.stringify(body)))
}
const offer = { FlowId: 7, WocasId: '1', IsPublished: true, BruttoHuur: 500 }

describe('ssh offers', () => {
  it('starts only for rentals in a city SSH lets homes in', () => {
    expect(ssh.startRequests({ cities: ['Utrecht'], types: ['rent'] })).toEqual([
      { url: OFFER_URL, label: 'list' },
    ])
    expect(ssh.startRequests({ cities: ['Groningen'], types: ['rent'] })).toEqual([])
  })
  it('asks for the details of published offers only, with the offer id in the fragment', () => {
    const out = list([offer, { ...offer, FlowId: 8, WocasId: '2', IsPublished: false }])
    expect(out.detailRequests?.map((r) => r.url)).toEqual([
      'https://www.sshxl.nl/api/v1/offer/getOffersDetails?wocasIds=1#aanbod-7',
    ])
    expect(out.detailRequests?.[0]?.card).toContain('500')
  })
  it('says an empty offer list has no results', () => {
    expect(list([])).toMatchObject({ detailRequests: [], noResults: true })
  })
  it('throws ParseError for an answer that is not the offer list or not one unit’s details', () => {
    expect(() => list({ offers: [] })).toThrow(ParseError)
    expect(() => list([{ Id: 1 }])).toThrow(ParseError)
    expect(() => details([])).toThrow(ParseError)
  })
})
