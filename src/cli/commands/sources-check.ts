import { join } from 'node:path'
import { checkSource, firstListRequest, type SourceCheck } from '../../check/check-source.js'
import { PROJECT_ROOT } from '../../config.js'
import {
  createBrowserTransport,
  createFetcher,
  createHttpTransport,
  findChromium,
} from '../../fetch/index.js'
import type { ListingSource, OfferType } from '../../kit/adapter.js'
import { describeEvidence } from '../../kit/evidence.js'
import { FILL_FIELD_KEYS, FILL_FIELDS } from '../../pipeline/fill-rates.js'
import { count } from '../../plural.js'
import { REGISTERS } from '../../registers/register-status.js'
import { loadRegistry, type Registry } from '../../registry/registry.js'
import { configFrom, type GlobalOptions, printResult } from '../context.js'
import { DEFAULT_CITIES } from '../default-cities.js'
import { CliError, EXIT } from '../exit-codes.js'

/** `propdata sources check ID` options. */
export interface CheckCommandOptions extends GlobalOptions {
  readonly city?: string
  readonly type?: string
}

/** The listing source `id` names, or a usage error that says why it cannot be checked against a site. */
function crawledSource(registry: Registry, id: string): ListingSource {
  const source = registry.find(id)
  if (REGISTERS.some((r) => r.id === id))
    throw new CliError(`${id} is a register, not a listing site: there is no list page to check`, EXIT.USAGE)
  if (!source) {
    const known = registry.sources.filter((s) => s.kind === 'crawl').map((s) => s.id)
    throw new CliError(`No listing source ${id}; known: ${known.join(', ')}`, EXIT.USAGE)
  }
  if (source.kind === 'file')
    throw new CliError(`${id} reads the files a partner delivers: there is no site to check`, EXIT.USAGE)
  return source
}

/** The offer type to ask for: `--type`, else rent when the site lets homes, else what it carries. */
function offerType(source: ListingSource, given: string | undefined): OfferType {
  const type = given ?? (source.offers.includes('rent') ? 'rent' : source.offers[0])
  if (type !== 'rent' && type !== 'buy')
    throw new CliError(`--type takes rent or buy, not ${type}`, EXIT.USAGE)
  if (!source.offers.includes(type))
    throw new CliError(
      `${source.id} carries no ${type} offers (it has ${source.offers.join(', ')})`,
      EXIT.USAGE,
    )
  return type
}

/** "price 12/12, living area 12/12, postcode 0/12, …": how many valid listings fill each watched field. */
const fieldsLine = (found: NonNullable<SourceCheck['found']>) =>
  FILL_FIELD_KEYS.map((field) => `${FILL_FIELDS[field].name} ${found.filled[field]}/${found.valid}`).join(
    ', ',
  )

/** What the check found, one labelled line per step it got to. */
function foundLines(check: SourceCheck): [string, string][] {
  const { robots, page, found } = check
  const rules = robots.allowed
    ? `allows ${check.request.method} ${check.request.url}`
    : `disallows ${check.request.method} ${check.request.url}`
  const delay = robots.crawlDelaySeconds ? ` (crawl-delay ${robots.crawlDelaySeconds} s)` : ''
  const lines: [string, string][] = [
    ['robots.txt', `${robots.status === null ? 'unreachable' : `HTTP ${robots.status}`}: ${rules}${delay}`],
  ]
  if (page)
    lines.push([
      'list page',
      `HTTP ${page.status}, ${count(page.characters, 'character')}${page.rendered ? ', rendered in Chromium' : ''} from ${page.url}`,
    ])
  if (found) {
    const next = found.nextPage ? 'a next page' : 'no next page'
    lines.push([
      'found',
      `${count(found.listings, 'listing')} (${found.valid} valid, ${found.rejected} rejected), ${count(found.detailRequests, 'detail request')} (not fetched), ${next}`,
    ])
    if (found.valid > 0) lines.push(['fields', fieldsLine(found)])
  }
  const fixture = check.evidence.kind === 'none' ? '' : ` (${check.evidence.fixture})`
  lines.push(['evidence', `${describeEvidence(check.evidence)}${fixture}`])
  return lines
}

/** The check as text: what was asked, what was found, then one line per problem and a verdict. */
export function formatCheck(check: SourceCheck): string {
  const { search } = check
  const found = foundLines(check)
  const width = Math.max(...found.map(([label]) => label.length))
  return [
    `${check.source} (${check.name}): the first list page for ${search.type} in ${search.city}`,
    ...found.map(([label, text]) => `  ${label.padEnd(width)}  ${text}`),
    ...check.problems.map((p) => `problem: ${p.message}`),
    check.problems.length === 0
      ? 'No problems: the first list page reads as the contract asks.'
      : `${count(check.problems.length, 'problem')}.`,
  ].join('\n')
}

/**
 * `propdata sources check ID`: fetches the source's robots.txt and first list page through the real fetcher (its
 * politeness, its render mode), parses the page with its adapter and prints what it found against the contract, one
 * line per problem. Exit 0 when there is none, 1 when there is one, 2 for bad usage.
 */
export async function checkSourceCommand(id: string, options: CheckCommandOptions): Promise<void> {
  const source = crawledSource(await loadRegistry(), id)
  const type = offerType(source, options.type)
  const city = options.city ?? source.regions?.[0] ?? DEFAULT_CITIES[0]!
  const request = firstListRequest(source, { city, type })
  if (!request) {
    const regions = source.regions ? `; it lists homes in ${source.regions.join(', ')}` : ''
    throw new CliError(`${id} has no search for ${type} in ${city}${regions}`, EXIT.USAGE)
  }
  const config = configFrom(options)
  const chromium = findChromium(config.chromiumPath)
  const fetcher = createFetcher({
    http: createHttpTransport({ originMap: config.originMap }),
    browser: () => createBrowserTransport({ executablePath: chromium ?? undefined }),
    userAgent: config.userAgent,
    politenessScale: config.politenessScale,
    renderOverHttp: config.renderOverHttp,
  })
  let check: SourceCheck
  try {
    check = await checkSource(source, {
      fetcher,
      search: { city, type },
      request,
      sourcesDir: join(PROJECT_ROOT, 'sources'),
    })
  } finally {
    await fetcher.close()
  }
  printResult(options, check, () => formatCheck(check))
  if (check.problems.length > 0) process.exitCode = EXIT.FAILURE
}
