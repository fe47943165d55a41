import type { ListingSource } from '../kit/adapter.js'
import type { Listing } from '../kit/listing.js'
import type { Page } from '../kit/page.js'
import { hostOf } from '../kit/url.js'
import { validateListing } from '../parse/index.js'
import { FILL_FIELD_KEYS, FILL_FIELDS, type FillField } from '../pipeline/fill-rates.js'
import { count } from '../plural.js'
import type { CheckProblem } from './check-problem.js'
import { isFilled } from './fixture-fields.js'

/** What the parser found on a live list page. */
export interface ListPageFound {
  /** Listings on the page itself, before validation. */
  readonly listings: number
  readonly valid: number
  readonly rejected: number
  /** Detail pages it asks for; the check does not fetch them. */
  readonly detailRequests: number
  readonly nextPage: string | null
  /** The page says the search has no results. */
  readonly noResults: boolean
  /** Per watched field, how many valid listings fill it. */
  readonly filled: Readonly<Record<FillField, number>>
}

/** Rejected rows and off-host URLs are listed up to this many lines each; a line then says how many more. */
const SHOWN_PER_CHECK = 10

/** At most {@link SHOWN_PER_CHECK} problems, then one that counts the rest. */
function capped(problems: readonly CheckProblem[], rest: (n: number) => string): CheckProblem[] {
  if (problems.length <= SHOWN_PER_CHECK) return [...problems]
  const more = problems.length - SHOWN_PER_CHECK
  return [...problems.slice(0, SHOWN_PER_CHECK), { check: problems[0]!.check, message: rest(more) }]
}

/** Rows the listing schema refuses, each with its reason, as a run would record them. */
function validate(
  inputs: readonly unknown[],
  pageUrl: string,
): { valid: Listing[]; problems: CheckProblem[] } {
  const valid: Listing[] = []
  const problems: CheckProblem[] = []
  for (const input of inputs) {
    const result = validateListing(input, pageUrl)
    if (result.ok) valid.push(result.listing)
    else
      problems.push({
        check: 'rejected',
        message: `row rejected (${result.rejected.url}): ${result.rejected.reason}`,
      })
  }
  return { valid, problems: capped(problems, (n) => `and ${count(n, 'more row')} rejected`) }
}

/** A field the fixtures' listings fill that no valid listing on the live page fills: the page's layout moved. */
function emptyFields(
  filled: Readonly<Record<FillField, number>>,
  valid: number,
  expected: readonly FillField[],
): CheckProblem[] {
  if (valid === 0) return []
  return expected
    .filter((field) => filled[field] === 0)
    .map((field) => ({
      check: 'empty-field' as const,
      message: `${FILL_FIELDS[field].name} is empty in every valid listing (${valid}), though the fixtures' listings have it`,
    }))
}

/** URLs the page yields that are not on the source's hosts, which the contract allows no request to leave. */
function offHost(source: ListingSource, urls: readonly string[]): CheckProblem[] {
  const hosts = new Set([hostOf(source.homepage), ...(source.hosts ?? []).map((h) => h.toLowerCase())])
  const off = urls
    .filter((url) => !hosts.has(hostOf(url)))
    .map((url) => ({ check: 'off-host' as const, message: `${url} is not on ${[...hosts].join(' or ')}` }))
  return capped(off, (n) => `and ${count(n, 'more URL')} off its hosts`)
}

/**
 * Parses a live list page as a crawl would and holds it to the contract: it must yield listings or detail requests
 * (or say it has no results), its rows must validate, the fields its fixtures fill must not all be empty, and every
 * URL it yields must be on the source's hosts.
 */
export function listPageFindings(
  source: ListingSource,
  page: Page,
  expectedFields: readonly FillField[],
): { found: ListPageFound | null; problems: CheckProblem[] } {
  let result: ReturnType<ListingSource['parseListPage']>
  try {
    result = source.parseListPage(page)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { found: null, problems: [{ check: 'layout', message: `the list parser failed: ${message}` }] }
  }
  const inputs = result.listings ?? []
  const details = result.detailRequests ?? []
  const { valid, problems } = validate(inputs, page.url)
  const filled = Object.fromEntries(
    FILL_FIELD_KEYS.map((field) => [field, valid.filter((l) => isFilled(FILL_FIELDS[field].of(l))).length]),
  ) as Record<FillField, number>
  const found: ListPageFound = {
    listings: inputs.length,
    valid: valid.length,
    rejected: inputs.length - valid.length,
    detailRequests: details.length,
    nextPage: result.nextRequest?.url ?? null,
    noResults: result.noResults ?? false,
    filled,
  }
  if (inputs.length === 0 && details.length === 0) {
    const problem: CheckProblem = found.noResults
      ? {
          check: 'no-results',
          message: 'the page says the search has no results: nothing to check (try --city)',
        }
      : {
          check: 'layout',
          message: 'the list page yielded no listings and no detail requests: its layout changed',
        }
    return { found, problems: [problem] }
  }
  const urls = [
    ...details.map((d) => d.url),
    ...(found.nextPage ? [found.nextPage] : []),
    ...valid.map((l) => l.url),
  ]
  return {
    found,
    problems: [...problems, ...emptyFields(filled, valid.length, expectedFields), ...offHost(source, urls)],
  }
}
