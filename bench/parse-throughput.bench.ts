import { readFileSync } from 'node:fs'
import type { ListingSource, SourceRequest } from '../src/kit/adapter.js'
import { createPage, type Page } from '../src/kit/page.js'
import { validateListing } from '../src/parse/index.js'
import { listFixtures, sourceFolder } from '../test/contract/source-fixtures.js'
import { ALL_SOURCES } from '../test/helpers/registry.js'
import { type BenchTable, defineBench, interleave, median } from './support/bench.js'

interface Fixture {
  readonly file: string
  readonly label: 'list' | 'detail'
  readonly request: SourceRequest
  readonly body: string
}

/**
 * A source's list and detail fixtures (HTML or JSON), each with the request `fixtures/fixtures.json` records for it,
 * as the contract suite reads them; the body is read once, so that the timing is the parse's alone.
 */
function fixturesOf(source: ListingSource): Fixture[] {
  return listFixtures(sourceFolder(source.id), 'crawl')
    .filter((f): f is typeof f & { kind: 'list' | 'detail' } => f.kind === 'list' || f.kind === 'detail')
    .map((f) => {
      const url = f.request?.url ?? source.homepage
      return {
        file: f.file,
        label: f.kind,
        request: { url, label: f.kind, method: f.request?.method, body: f.request?.body },
        body: readFileSync(f.path, 'utf8'),
      }
    })
}

const pageOf = (f: Fixture): Page => createPage(f.request, f.request.url, 200, f.body)

/** Parses the body as the adapter will read it (HTML or JSON): the part an adapter cannot make faster. */
const parseBody = (page: Page, f: Fixture) => (f.file.endsWith('.json') ? page.json() : page.$)

/** What the crawl does with a parsed page: the adapter's extraction, then validation of what it returns. */
function extract(source: ListingSource, page: Page, label: 'list' | 'detail'): number {
  if (label === 'detail') return validateListing(source.parseDetailPage!(page), page.url).ok ? 1 : 0
  const result = source.parseListPage(page)
  for (const listing of result.listings ?? []) validateListing(listing, page.url)
  return (result.listings?.length ?? 0) + (result.detailRequests?.length ?? 0)
}

/**
 * CPU ms per page of `fn` over `pages`, looping for at least `minMs` of wall time. CPU time rather than wall time:
 * the machine is shared, and other processes stretch wall time far more than they stretch ours.
 */
function msPerPage<T>(pages: readonly T[], minMs: number, fn: (page: T) => void): number {
  let done = 0
  const started = performance.now()
  const cpu = process.cpuUsage()
  do {
    for (const page of pages) fn(page)
    done += pages.length
  } while (performance.now() - started < minMs)
  const used = process.cpuUsage(cpu)
  return (used.user + used.system) / 1_000 / done
}

export default defineBench({
  name: 'parse-throughput',
  description: 'pages/s per registered adapter over its fixtures: parse (cheerio/JSON) and extract+validate',
  async run({ quick }) {
    const minMs = quick ? 100 : 500
    const rounds = quick ? 1 : 3
    const rows: BenchTable['rows'][number][] = []
    const skipped: string[] = []
    for (const source of ALL_SOURCES) {
      // File sources (partner feeds) parse files, not pages: only crawled sources are measured here.
      if (source.kind !== 'crawl') {
        skipped.push(`${source.id} (${source.kind} source)`)
        continue
      }
      const all = fixturesOf(source)
      if (all.length === 0) {
        skipped.push(`${source.id} (no fixtures)`)
        continue
      }
      for (const label of ['list', 'detail'] as const) {
        const fixtures = all.filter((f) => f.label === label && (label === 'list' || source.parseDetailPage))
        if (fixtures.length === 0) continue
        // Extraction is timed on pages parsed beforehand, so the two parts split the end-to-end time.
        const parsed = fixtures.map((f) => {
          const page = pageOf(f)
          parseBody(page, f)
          return page
        })
        let items: number
        try {
          items = parsed.reduce((n, page) => n + extract(source, page, label), 0)
        } catch (error) {
          // A fixture the adapter cannot read is the contract suite's business; here it is only not measured.
          skipped.push(`${source.id} ${label} (${error instanceof Error ? error.message : String(error)})`)
          continue
        }
        const results = await interleave(rounds, {
          endToEnd: async () =>
            msPerPage(fixtures, minMs, (f) => {
              const page = pageOf(f)
              parseBody(page, f)
              extract(source, page, label)
            }),
          parse: async () => msPerPage(fixtures, minMs, (f) => parseBody(pageOf(f), f)),
          extract: async () => msPerPage(parsed, minMs, (page) => extract(source, page, label)),
        })
        const total = median(results.endToEnd)
        const parse = median(results.parse)
        const bytes = fixtures.reduce((n, f) => n + Buffer.byteLength(f.body), 0) / fixtures.length
        rows.push({
          source: source.id,
          pages: `${label} ×${fixtures.length}`,
          'KB/page': bytes / 1024,
          'items/page': items / fixtures.length,
          'pages/s': 1_000 / total,
          'ms/page': total,
          'parse ms': parse,
          'extract ms': median(results.extract),
          'MB/s': bytes / 1024 / 1024 / (total / 1_000),
          '× parse': total / parse,
        })
      }
    }
    const notes = [
      'CPU ms on one core; pages/s = 1000 / ms. parse = cheerio.load with htmlparser2 (or JSON.parse), as',
      'kit/page.ts does it; extract = the adapter on a parsed page, plus zod validation. "× parse" is the',
      'end-to-end time over parse alone, the baseline measured in the same run: what the adapter adds to the',
      `parse it cannot avoid. Median of ${rounds} interleaved round(s) after a warm-up round.`,
    ]
    if (skipped.length > 0) notes.push(`Skipped: ${skipped.join(', ')}`)
    return [{ title: 'Parse throughput per adapter', rows, notes }]
  },
})
