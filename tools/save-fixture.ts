/**
 * `npm run save-fixture -- NAME URL`: fetches URL through the real fetcher (robots.txt, politeness, retries, block
 * detection; rendered in Chromium for browser sources), asks the adapter's parsers what the page is, and saves it as
 * `sources/NAME/fixtures/list-….html` or `detail-….html` (`.json` for JSON), with its URL in `fixtures/fixtures.json`.
 * Options: `--post BODY` (a POST request), `--as list|detail` (for an adapter whose parsers cannot read the page yet),
 * `--name SLUG`, `--root DIR` (another copy of the repository; the tests use it).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { loadConfig, PROJECT_ROOT } from '../src/config.js'
import {
  createBrowserTransport,
  createFetcher,
  createHttpTransport,
  findChromium,
} from '../src/fetch/index.js'
import type { ListingSource, SourceRequest } from '../src/kit/adapter.js'
import { urlSlug } from '../src/kit/city-slug.js'
import { createPage, type Page } from '../src/kit/page.js'
import { validateListing } from '../src/parse/index.js'
import { count } from '../src/plural.js'
import { loadRegistry } from '../src/registry/registry.js'

/** Bad usage or a page we will not save: printed without a stack trace. */
class SaveFixtureError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message)
  }
}

/** What the adapter's parsers make of the page: a list page, a detail page, or neither (with why). */
export function classify(source: ListingSource, page: (label: 'list' | 'detail') => Page) {
  let why = ''
  try {
    const result = source.parseListPage(page('list'))
    const work = (result.detailRequests?.length ?? 0) + (result.listings?.length ?? 0)
    if (work > 0 || result.noResults) {
      const next = result.nextRequest ? ', a next page' : ''
      return {
        kind: 'list' as const,
        summary: `${count(result.detailRequests?.length ?? 0, 'detail request')}, ${count(result.listings?.length ?? 0, 'listing')}${next}`,
      }
    }
    why = 'the list parser found nothing'
  } catch (error) {
    why = `the list parser: ${(error as Error).message}`
  }
  if (source.parseDetailPage) {
    try {
      const detail = page('detail')
      const result = validateListing(source.parseDetailPage(detail), detail.url)
      if (result.ok) return { kind: 'detail' as const, summary: `listing ${result.listing.sourceListingId}` }
      why += `; the detail parser's listing is invalid (${result.rejected.reason})`
    } catch (error) {
      why += `; the detail parser: ${(error as Error).message}`
    }
  }
  return { kind: null, summary: why }
}

/**
 * The evidence that declares a saved list page as the recording the parser is checked on, as the source writes it: a
 * site file's YAML lines, or an adapter's object (`docs/evidence.md`).
 */
export function evidenceDeclaration(source: ListingSource, file: string, url: string, day: string): string[] {
  const licence = "the site's content"
  if (source.preset !== undefined)
    return [
      'evidence:',
      '  kind: recorded',
      `  fixture: ${file}`,
      `  url: ${url}`,
      `  recorded: ${day}`,
      `  licence: ${licence}`,
    ]
  return [
    'evidence: {',
    "  kind: 'recorded',",
    `  fixture: '${file}',`,
    `  url: '${url}',`,
    `  recorded: '${day}',`,
    `  licence: "${licence}",`,
    '},',
  ]
}

/** The fixture a new source's scaffold names in its evidence until a list page is saved. */
const PLACEHOLDER_FIXTURE = 'list-TODO.html'

/**
 * Writes `declaration` over the scaffold's placeholder evidence in a source's file (`adapter.ts` or `source.yml`), so
 * the first list page saved for a new source is its evidence without an edit. False when the file declares real
 * evidence already (then the lines are printed for the engineer to judge).
 */
export function fillPlaceholderEvidence(file: string, declaration: readonly string[]): boolean {
  if (!existsSync(file)) return false
  const text = readFileSync(file, 'utf8')
  const block = file.endsWith('.yml') ? /^evidence:\n(?: {2}.*\n)+/m : /^( *)evidence: \{\n[\s\S]*?^\1\},\n/m
  const found = block.exec(text)
  if (!found?.[0].includes(PLACEHOLDER_FIXTURE)) return false
  const indent = found[1] ?? ''
  const lines = declaration.map((line) => `${indent}${line}\n`).join('')
  writeFileSync(file, text.replace(found[0], lines))
  return true
}

/** A file name from the URL: its path and search values, e.g. `huurwoningen-delft`, `zoeken-huur-delft`. */
export function slugOf(url: string): string {
  const u = new URL(url)
  const words = urlSlug([...u.pathname.split('/'), ...[...u.searchParams.values()]].join('-'))
  return (words || 'page').slice(0, 60).replace(/-$/, '')
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      post: { type: 'string' },
      as: { type: 'string' },
      name: { type: 'string' },
      root: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  const [id, url] = positionals
  if (values.help || !id || !url) {
    process.stdout.write(
      'Usage: npm run save-fixture -- NAME URL [--post BODY] [--as list|detail] [--name SLUG]\n',
    )
    if (!values.help) throw new SaveFixtureError('NAME and URL are required', 2)
    return
  }
  const source = (await loadRegistry()).find(id)
  if (!source) throw new SaveFixtureError(`No registered source ${id} (no folder sources/${id}/)`, 2)
  if (source.kind !== 'crawl')
    throw new SaveFixtureError(`${id} reads files; copy a file into its fixtures/`, 2)
  if (values.as && values.as !== 'list' && values.as !== 'detail')
    throw new SaveFixtureError('--as takes list or detail', 2)
  if (!URL.canParse(url)) throw new SaveFixtureError(`Not a URL: ${url}`, 2)

  const config = loadConfig()
  const chromium = findChromium(config.chromiumPath)
  const fetcher = createFetcher({
    http: createHttpTransport(),
    browser: () => createBrowserTransport({ executablePath: chromium ?? undefined }),
    userAgent: config.userAgent,
  })
  const method = values.post === undefined ? ('GET' as const) : ('POST' as const)
  const headers = method === 'POST' ? { 'content-type': 'application/json' } : undefined
  let response: Awaited<ReturnType<typeof fetcher.fetch>>
  try {
    response = await fetcher.fetch(
      { url, method, body: values.post, headers, render: source.render },
      source.politeness,
    )
  } finally {
    await fetcher.close()
  }
  const page = (label: 'list' | 'detail') => {
    const request: SourceRequest = { url, method, body: values.post, headers, label }
    return createPage(request, response.url, response.status, response.body)
  }
  const block = source.detectBlock?.(page('list'))
  if (block) throw new SaveFixtureError(`${url} answered with a block page (${block}); nothing saved`, 1)

  const seen = classify(source, page)
  const kind = (values.as as 'list' | 'detail' | undefined) ?? seen.kind
  if (!kind) {
    throw new SaveFixtureError(
      `Neither of ${id}'s parsers reads this page (${seen.summary}).\n` +
        'Pass --as list or --as detail to save it anyway, then write the selectors that read it.',
      1,
    )
  }
  const isJson = /json/i.test(response.headers['content-type'] ?? '') || /^\s*[[{]/.test(response.body)
  const file = `${kind}-${values.name ?? slugOf(response.url)}.${isJson ? 'json' : 'html'}`
  const folder = join(values.root ?? PROJECT_ROOT, 'sources', id, 'fixtures')
  mkdirSync(folder, { recursive: true })
  const target = join(folder, file)
  const existed = existsSync(target)
  writeFileSync(target, response.body)
  const indexPath = join(folder, 'fixtures.json')
  const index = existsSync(indexPath)
    ? (JSON.parse(readFileSync(indexPath, 'utf8')) as Record<string, unknown>)
    : {}
  index[file] = { url: response.url, ...(method === 'POST' ? { method, body: values.post } : {}) }
  const sorted = Object.fromEntries(Object.entries(index).sort(([a], [b]) => a.localeCompare(b)))
  writeFileSync(indexPath, `${JSON.stringify(sorted, null, 2)}\n`)

  const sourceFile = source.preset === undefined ? 'adapter.ts' : 'source.yml'
  const lines = evidenceDeclaration(source, file, response.url, new Date().toISOString().slice(0, 10))
  const declaration =
    kind !== 'list'
      ? []
      : fillPlaceholderEvidence(join(folder, '..', sourceFile), lines)
        ? [`  declared as ${id}'s evidence in its ${sourceFile} (it named no page yet)`]
        : [
            `To check the parser on this page, declare it as ${id}'s evidence (in its ${sourceFile}):`,
            ...lines.map((line) => `  ${line}`),
          ]
  const how = values.as
    ? `saved as a ${kind} page because of --as (${seen.summary || 'not read yet'})`
    : `a ${kind} page: ${seen.summary}`
  process.stdout.write(
    [
      `${existed ? 'Overwrote' : 'Saved'} ${relative(process.cwd(), target)} (${response.body.length.toLocaleString('en')} characters${response.rendered ? ', rendered' : ''})`,
      `  ${how}`,
      `  URL recorded in ${relative(process.cwd(), indexPath)}`,
      ...declaration,
      'Next: strip personal data, add a row to fixtures/PROVENANCE.md, and run',
      `  npx vitest run test/contract -t ${id} -u   then read the new .expected.json: it is the spec.`,
      '',
    ].join('\n'),
  )
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    process.stderr.write(`save-fixture: ${(error as Error).message}\n`)
    process.exitCode = error instanceof SaveFixtureError ? error.exitCode : 1
  })
}
