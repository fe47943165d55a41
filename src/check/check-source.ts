import { planSearches } from '../crawl/search-frontier.js'
import type { Fetcher } from '../fetch/fetcher.js'
import type { FetchResponse } from '../fetch/types.js'
import type { ListingSource, OfferType, SourceRequest } from '../kit/adapter.js'
import type { Evidence } from '../kit/evidence.js'
import { createPage } from '../kit/page.js'
import { type CheckProblem, fetchProblem } from './check-problem.js'
import { fieldsTheFixturesFill } from './fixture-fields.js'
import { type ListPageFound, listPageFindings } from './list-page-findings.js'

/** The search a check asks the site for: one city and offer type. */
export interface CheckedSearch {
  readonly city: string
  readonly type: OfferType
}

/** What robots.txt said of the first list page. */
export interface RobotsFound {
  readonly url: string
  /** Its HTTP status; null when it could not be fetched (then nothing may be fetched). */
  readonly status: number | null
  readonly allowed: boolean
  readonly crawlDelaySeconds: number | null
  /** Why nothing may be fetched, when robots.txt could not be read. */
  readonly disallowAllBecause: string | null
}

/** The first list page as it came. */
export interface PageFound {
  readonly url: string
  readonly status: number
  readonly characters: number
  readonly rendered: boolean
}

/** What `sources check` found: the site's robots.txt, its first list page, what the parser made of it, and problems. */
export interface SourceCheck {
  readonly source: string
  readonly name: string
  readonly search: CheckedSearch
  readonly request: { readonly url: string; readonly method: 'GET' | 'POST' }
  readonly evidence: Evidence
  readonly robots: RobotsFound
  readonly page: PageFound | null
  readonly found: ListPageFound | null
  /** Every problem against the contract, one line each; empty when the page reads as the fixtures do. */
  readonly problems: readonly CheckProblem[]
}

/** The first request of the crawl of `search` (the first list page), or null when the source has no such search. */
export function firstListRequest(source: ListingSource, search: CheckedSearch): SourceRequest | null {
  const [first] = planSearches(source, { cities: [search.city], types: [search.type] })
  return first?.start[0] ?? null
}

/** What robots.txt rules for `url`, read through the fetcher as a crawl reads it. */
async function readRobots(fetcher: Fetcher, source: ListingSource, url: string): Promise<RobotsFound> {
  const rules = await fetcher.robots(url, source.politeness)
  return {
    url: new URL('/robots.txt', url).href,
    status: rules.status,
    allowed: rules.isAllowed(url),
    crawlDelaySeconds: rules.crawlDelaySeconds ?? null,
    disallowAllBecause: rules.disallowAllBecause ?? null,
  }
}

/** The problem robots.txt makes for the first list page, if any: it is then never fetched. */
function robotsProblem(robots: RobotsFound, url: string): CheckProblem | null {
  if (robots.allowed) return null
  const why = robots.disallowAllBecause ?? 'robots.txt disallows it'
  return { check: 'robots', message: `${why}: the first list page ${url} is not fetched` }
}

/** Options for {@link checkSource}. */
export interface CheckOptions {
  /** The real fetcher (politeness, robots.txt, retries, block detection, the browser for browser sources). */
  readonly fetcher: Fetcher
  readonly search: CheckedSearch
  readonly request: SourceRequest
  /** Where the sources' folders are: the fixtures say which fields a list page should fill. */
  readonly sourcesDir: string
}

/**
 * Checks a source against its live site, as a crawl would meet it: robots.txt, then the first list page through the
 * fetcher in the source's render mode, then the adapter's parser and the listing schema on it. Detail pages are
 * counted, not fetched. Every way the page fails the contract is a problem; none means it reads as its fixtures do.
 */
export async function checkSource(source: ListingSource, options: CheckOptions): Promise<SourceCheck> {
  const { fetcher, request } = options
  const robots = await readRobots(fetcher, source, request.url)
  const base = {
    source: source.id,
    name: source.name,
    search: options.search,
    request: { url: request.url, method: request.method ?? 'GET' },
    evidence: source.evidence,
    robots,
  } as const
  const blockedByRobots = robotsProblem(robots, request.url)
  if (blockedByRobots) return { ...base, page: null, found: null, problems: [blockedByRobots] }

  let response: FetchResponse
  try {
    response = await fetcher.fetch({ ...request, render: source.render }, source.politeness)
  } catch (error) {
    return { ...base, page: null, found: null, problems: [fetchProblem(error, request.url)] }
  }
  const page = createPage(request, response.url, response.status, response.body)
  const pageFound: PageFound = {
    url: response.url,
    status: response.status,
    characters: response.body.length,
    rendered: response.rendered,
  }
  const signal = source.detectBlock?.(page)
  if (signal) {
    const problem: CheckProblem = { check: 'blocked', message: `Blocked by ${signal} at ${response.url}` }
    return { ...base, page: pageFound, found: null, problems: [problem] }
  }
  const { found, problems } = listPageFindings(
    source,
    page,
    fieldsTheFixturesFill(source.id, options.sourcesDir),
  )
  return { ...base, page: pageFound, found, problems }
}
