import { describe, expect, it } from 'vitest'
import type { SourceRequest } from '../kit/adapter.js'
import { createCrawlLimits } from './crawl-limits.js'

const detail = (id: number): SourceRequest => ({ url: `https://homes.test/huis/${id}`, label: 'detail' })
const next: SourceRequest = { url: 'https://homes.test/huur?page=2', label: 'list' }

function limitsOf(options: { maxListings?: number; maxListPages?: number }) {
  const queued: string[] = []
  let cuts = 0
  const limits = createCrawlLimits(
    options,
    (r) => queued.push(r.url),
    () => {
      cuts += 1
    },
  )
  return { limits, queued, cuts: () => cuts }
}

describe('the crawl limits', () => {
  it('follow every card and the next page when nothing limits them, noting what they followed', () => {
    const { limits, queued, cuts } = limitsOf({})
    const followed: SourceRequest[] = []
    limits.listPage()
    limits.follow([detail(1), detail(2)], next, followed)
    expect(queued).toEqual([detail(1).url, detail(2).url, next.url])
    expect(followed).toEqual([detail(1), detail(2), next])
    expect(cuts()).toBe(0)
  })

  it('stop at the listing limit: the cards past it and the next page are left, and the crawl is cut', () => {
    const { limits, queued, cuts } = limitsOf({ maxListings: 3 })
    expect(limits.admit('list')).toBe(true) // an inline listing counts
    limits.follow([detail(1), detail(2), detail(3)], next)
    expect(queued).toEqual([detail(1).url, detail(2).url])
    expect(cuts()).toBe(1)
    // A listing replayed from a detail page's memo was counted with its request; past the limit it is cut too.
    expect(limits.admit('detail')).toBe(false)
    expect(cuts()).toBe(2)
  })

  it('stop following "next" after the list page limit', () => {
    const { limits, queued, cuts } = limitsOf({ maxListPages: 1 })
    limits.listPage()
    limits.follow([detail(1)], next)
    expect(queued).toEqual([detail(1).url])
    expect(cuts()).toBe(1)
  })
})
