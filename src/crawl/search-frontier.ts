import { exchangeKey } from '../fetch/archive/exchange-key.js'
import type { CrawlScope, ListingSource, OfferType, Politeness, SourceRequest } from '../kit/adapter.js'
import { cityKey } from '../normalise/index.js'

/** A search of a crawl source: one city and offer type. Withdrawals and the rotation are kept per search. */
export interface SearchKey {
  readonly type: OfferType
  readonly cityKey: string
}

/**
 * A chain of list pages and the searches it reads: one city and type, or several when the site asks the same start
 * requests for them (a site that does not search by city reads its whole offer in one chain).
 */
export interface Search {
  readonly keys: readonly SearchKey[]
  readonly start: readonly SourceRequest[]
}

/** Where a source's searches are remembered between runs (the `crawl_searches` table in a pipeline run). */
export interface SearchLog {
  /** The searches in the order this run walks them: least recently completed first, never completed before all. */
  order(searches: readonly Search[]): readonly Search[]
  started(search: Search): void
  /** Written as it happens, so that a run that dies keeps what it finished. */
  completed(search: Search): void
}

/** How far a source's crawl got through its searches, for the run report. */
export interface SearchProgress {
  readonly searches: number
  readonly searchesComplete: number
  /** The night's request budget ran out before every search was started. */
  readonly budgetCut: boolean
}

/** The searches a crawl completed, and how far it got. */
export interface SearchSummary extends SearchProgress {
  /** The searches whose every list page was read: a crawl that is not complete counts listings gone in these only. */
  readonly completedSearches: readonly SearchKey[]
}

/** The searches of a source that has none: a file source, or a crawl that failed before it began. */
export const NO_SEARCHES: SearchSummary = {
  searches: 0,
  searchesComplete: 0,
  budgetCut: false,
  completedSearches: [],
}

/**
 * The requests a source may make in a night of `hours`: its politeness allows one every `interval / intervalCap`.
 * Counted in requests rather than time, so the budget holds when politeness is scaled down (simulated markets).
 */
export function nightBudget(politeness: Politeness, hours: number): number {
  if (politeness.interval <= 0) return Number.POSITIVE_INFINITY
  return Math.floor((hours * 3_600_000 * politeness.intervalCap) / politeness.interval)
}

/**
 * The searches of `scope`: each city and type with its own start requests, those with the same start requests as
 * one chain. A pair the site has no start request for is left out. A chain of several pairs starts from the requests
 * the site makes for all of them at once, as one page can hold every city and type and its request says which of them
 * the page is read for; where those are other pages, from the first pair's.
 */
export function planSearches(source: ListingSource, scope: CrawlScope): Search[] {
  // A scope that names no city or no type has no pairs: whatever the site starts from is one chain, remembered under
  // no search.
  if (scope.cities.length === 0 || scope.types.length === 0) {
    const start = source.startRequests(scope)
    return start.length > 0 ? [{ keys: [], start }] : []
  }
  const chains = new Map<
    string,
    { keys: SearchKey[]; start: readonly SourceRequest[]; cities: Set<string>; types: Set<OfferType> }
  >()
  for (const city of scope.cities)
    for (const type of scope.types) {
      const start = source.startRequests({ cities: [city], types: [type] })
      if (start.length === 0) continue
      const id = startId(start)
      const chain = chains.get(id) ?? { keys: [], start, cities: new Set(), types: new Set() }
      chain.keys.push({ type, cityKey: cityKey(city) })
      chain.cities.add(city)
      chain.types.add(type)
      chains.set(id, chain)
    }
  return [...chains].map(([id, chain]) => {
    if (chain.keys.length === 1) return { keys: chain.keys, start: chain.start }
    const together = source.startRequests({ cities: [...chain.cities], types: [...chain.types] })
    return { keys: chain.keys, start: startId(together) === id ? together : chain.start }
  })
}

/** What a chain's start requests ask for, whatever they carry for the crawl. */
const startId = (start: readonly SourceRequest[]) => start.map(exchangeKey).join('\n')

/** A search under way: list pages queued and not yet answered, and whether any was lost or cut. */
interface Chain {
  readonly search: Search
  open: number
  broken: boolean
}

/**
 * Walks a source's searches one after another within the night's budget, and follows each search's chain of list
 * pages: a search is complete when its last list page was read and none of its list pages failed or was cut by a
 * limit. The crawl tells it which page it is handling (`enter`), so the requests that page leads to join its search.
 */
export function createSearchFrontier(
  searches: readonly Search[],
  options: { readonly budget: number; readonly log?: SearchLog },
) {
  const queue = [...(options.log?.order(searches) ?? searches)]
  const chains = new Map<string, Chain>()
  const completed: SearchKey[] = []
  let current: Chain | undefined
  let budgetCut = false

  return {
    /** The next search to start, or undefined when none is left or `requests` used up the night's budget. */
    next(requests: number): Search | undefined {
      if (queue.length === 0) return undefined
      if (requests >= options.budget) {
        budgetCut = true
        return undefined
      }
      const search = queue.shift()!
      current = { search, open: 0, broken: false }
      options.log?.started(search)
      return search
    },
    /** The night's budget ran out under way: detail pages wait for a later night, and the night counts as cut. */
    exhausted() {
      budgetCut = true
    },
    /** The request being handled: the requests queued until the next `enter` belong to its search. */
    enter(request: SourceRequest) {
      current = chains.get(exchangeKey(request))
    },
    /** A request was queued: a list page of the current search keeps it open until it is answered. */
    queued(request: SourceRequest) {
      if (!current) return
      chains.set(exchangeKey(request), current)
      if (request.label === 'list') current.open += 1
    },
    /** The current search did not follow a page it should have (a page or listing limit): it is not complete. */
    cut() {
      if (current) current.broken = true
    },
    /** A list page was answered (`ok`) or failed; the search completes with its last list page read. */
    answered(request: SourceRequest, ok: boolean) {
      if (request.label !== 'list') return
      const chain = chains.get(exchangeKey(request))
      if (!chain) return
      chain.open -= 1
      if (!ok) chain.broken = true
      if (chain.open === 0 && !chain.broken) {
        completed.push(...chain.search.keys)
        options.log?.completed(chain.search)
      }
    },
    summary(): SearchSummary {
      return {
        searches: searches.reduce((n, s) => n + s.keys.length, 0),
        searchesComplete: completed.length,
        budgetCut,
        completedSearches: completed,
      }
    },
  }
}

export type SearchFrontier = ReturnType<typeof createSearchFrontier>
