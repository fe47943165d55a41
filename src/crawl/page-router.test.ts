import { describe, expect, it } from 'vitest'
import { LayoutChangedError } from '../errors.js'
import type { SourceRequest } from '../kit/adapter.js'
import { createPage } from '../kit/page.js'
import { createPageRouter } from './page-router.js'

const listRequest: SourceRequest = { url: 'https://homes.test/huur?page=1', label: 'list' }
const detailRequest: SourceRequest = { url: 'https://homes.test/huis/7', label: 'detail' }
const page = (request: SourceRequest, body: string) => createPage(request, request.url, 200, body)

/** A source whose list pages are JSON: `{ cards: [id…], next?: url, inline?: [listing…], none?: true }`. */
const source = {
  parseListPage(p: ReturnType<typeof page>) {
    const data = p.json<{ cards: string[]; next?: string; inline?: unknown[]; none?: boolean }>()
    return {
      listings: data.inline as never,
      detailRequests: data.cards.map((id) => ({
        url: `https://homes.test/huis/${id}`,
        label: 'detail' as const,
      })),
      nextRequest: data.next ? { url: data.next, label: 'list' as const } : undefined,
      noResults: data.none,
    }
  },
  parseDetailPage: (p: ReturnType<typeof page>) => ({ sourceListingId: p.$('h1').text() }) as never,
}

describe('the page router', () => {
  it("sends a list page to the adapter's list parser: its cards become detail requests, with the next page", () => {
    const routed = createPageRouter(source).list(
      page(listRequest, JSON.stringify({ cards: ['7', '8'], next: 'https://homes.test/huur?page=2' })),
    )
    expect(routed.details.map((r) => r.url)).toEqual([
      'https://homes.test/huis/7',
      'https://homes.test/huis/8',
    ])
    expect(routed.next).toEqual({ url: 'https://homes.test/huur?page=2', label: 'list' })
    expect(routed.listings).toEqual([])
  })

  it('calls a list page with no listing, no card and no "no results" a layout change', () => {
    const router = createPageRouter(source)
    expect(() => router.list(page(listRequest, JSON.stringify({ cards: [] })))).toThrow(LayoutChangedError)
    expect(router.list(page(listRequest, JSON.stringify({ cards: [], none: true })))).toEqual({
      listings: [],
      details: [],
      next: undefined,
    })
  })

  it("sends a detail page to the adapter's detail parser, and yields nothing for a source without one", () => {
    const detail = page(detailRequest, '<h1>huis-7</h1>')
    expect(createPageRouter(source).detail(detail)).toEqual({
      listings: [{ sourceListingId: 'huis-7' }],
      details: [],
    })
    const listsOnly = { parseListPage: source.parseListPage }
    expect(createPageRouter(listsOnly).detail(detail)).toEqual({ listings: [], details: [] })
  })
})
