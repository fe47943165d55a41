import { describe, expect, it } from 'vitest'
import type { ListingSource, SourceRequest } from '../kit/adapter.js'
import {
  createSearchFrontier,
  nightBudget,
  planSearches,
  type Search,
  type SearchLog,
} from './search-frontier.js'

const list = (url: string): SourceRequest => ({ url, label: 'list' })

/** A source that searches by city and type, or (`byCity` false) reads its whole offer from one page. */
const source = (byCity: boolean) =>
  ({
    startRequests: ({ cities, types }) =>
      byCity
        ? cities.flatMap((c) => types.map((t) => list(`https://x.test/${t}/${c}`)))
        : [list('https://x.test/all')],
  }) as Pick<ListingSource, 'startRequests'> as ListingSource

const scope = { cities: ['Amsterdam', 'Utrecht'], types: ['rent', 'buy'] } as const

describe('search frontier', () => {
  it('plans a search per city and type, and one chain for pairs that share their start requests', () => {
    expect(planSearches(source(true), scope).map((s) => s.keys)).toEqual([
      [{ type: 'rent', cityKey: 'amsterdam' }],
      [{ type: 'buy', cityKey: 'amsterdam' }],
      [{ type: 'rent', cityKey: 'utrecht' }],
      [{ type: 'buy', cityKey: 'utrecht' }],
    ])
    expect(planSearches(source(false), scope)).toHaveLength(1)
    expect(planSearches(source(false), scope)[0]!.keys).toHaveLength(4)
    // No city named: the site's own start, remembered under no search.
    expect(planSearches(source(false), { cities: [], types: ['rent'] })).toEqual([
      { keys: [], start: [list('https://x.test/all')] },
    ])
  })

  it('buys a night of requests at the politeness, whatever it is scaled to', () => {
    expect(nightBudget({ concurrency: 1, intervalCap: 1, interval: 2_000 }, 8)).toBe(14_400)
    expect(nightBudget({ concurrency: 2, intervalCap: 3, interval: 1_000 }, 1)).toBe(10_800)
  })

  it('completes a search with its last list page read, not when a page failed or a limit cut it', () => {
    const completed: Search[] = []
    const log: SearchLog = { order: (s) => s, started: () => {}, completed: (s) => completed.push(s) }
    const frontier = createSearchFrontier(planSearches(source(true), scope), { budget: 100, log })
    const read = (request: SourceRequest, next?: SourceRequest, ok = true) => {
      frontier.enter(request)
      if (next) frontier.queued(next)
      frontier.answered(request, ok)
    }
    const start = () => {
      const search = frontier.next(0)!
      for (const r of search.start) frontier.queued(r)
      return search.start[0]!
    }
    const first = start()
    read(first, list(`${first.url}/2`))
    read(list(`${first.url}/2`))
    const failed = start()
    read(failed, undefined, false)
    const cut = start()
    frontier.enter(cut)
    frontier.cut()
    frontier.answered(cut, true)
    expect(completed.map((s) => s.keys)).toEqual([[{ type: 'rent', cityKey: 'amsterdam' }]])
    expect(frontier.summary()).toMatchObject({ searches: 4, searchesComplete: 1, budgetCut: false })
  })

  it('starts no new search once the budget is spent, and says the night ran out', () => {
    const frontier = createSearchFrontier(planSearches(source(true), scope), { budget: 10 })
    expect(frontier.next(9)).toBeDefined()
    expect(frontier.next(10)).toBeUndefined()
    expect(frontier.summary()).toMatchObject({ searchesComplete: 0, budgetCut: true })
  })
})
