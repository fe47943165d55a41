import { describe, expect, it } from 'vitest'
import { createPage, hostOf } from '../../src/kit/index.js'
import source from './adapter.js'

// Source-specific cases only: the contract suite (test/contract) already checks every fixture.
describe(`${source.id}: source-specific cases`, () => {
  it('starts with one search per city, on its own host', () => {
    const requests = source.startRequests({ cities: ['Den Haag'], types: ['rent'] })
    expect(requests).toHaveLength(1)
    expect(hostOf(requests[0]!.url)).toBe(hostOf(source.homepage))
  })
  it('says an empty search has no results instead of yielding nothing', () => {
    const url = new URL('/huren/nergens', source.homepage).href
    const page = createPage({ url, label: 'list' }, url, 200, '<p class="no-results">Geen resultaten</p>')
    expect(source.parseListPage(page)).toMatchObject({ detailRequests: [], noResults: true })
  })
})
