import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createPage } from '../../src/kit/index.js'
import rotsvast from './adapter.js'

const DETAIL_URL = 'https://www.rotsvast.nl/huren/oppert-rotterdam-h1025010421/'
const LIST_URL = 'https://www.rotsvast.nl/huren/?search=Delft'
const detailHtml = readFileSync(join(import.meta.dirname, 'fixtures', 'detail-oppert.html'), 'utf8')
const detail = (body: string) =>
  rotsvast.parseDetailPage!(createPage({ url: DETAIL_URL, label: 'detail' }, DETAIL_URL, 200, body))
const list = (body: string) =>
  rotsvast.parseListPage(createPage({ url: LIST_URL, label: 'list' }, LIST_URL, 200, body))

describe('rotsvast detail pages', () => {
  it('takes the house number from the share pop-up only when it names the same street', () => {
    expect(detail(detailHtml)).toMatchObject({ street: 'Oppert', houseNumber: '274' })
    expect(detail(detailHtml.replace('<p>Oppert 274 </p>', '<p>Coolsingel 40 </p>'))).toMatchObject({
      street: 'Oppert',
      houseNumber: null,
    })
  })

  it('throws a ParseError on a page without the heading block', () => {
    expect(() => detail('<html><body><h1>Huren</h1></body></html>')).toThrow(/layout changed/)
  })
})

describe('rotsvast search pages', () => {
  it('says "no results" for a result list without cards, and throws on a page without the list', () => {
    expect(list('<div class="house-list__overview__items"></div>')).toEqual({ noResults: true })
    expect(() => list('<html><body>Onderhoud</body></html>')).toThrow(/layout changed/)
  })

  it('searches each city of the scope by name', () => {
    expect(rotsvast.startRequests({ cities: ['Den Haag'], types: ['rent'] })).toEqual([
      { url: 'https://www.rotsvast.nl/huren/?search=Den%20Haag', label: 'list' },
    ])
  })
})
