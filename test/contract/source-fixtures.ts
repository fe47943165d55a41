import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../src/config.js'
import { readFileSource } from '../../src/crawl/read-file-source.js'
import type { FileSource, ListingSource, SourceRequest } from '../../src/kit/adapter.js'
import { type Listing, listingSchema } from '../../src/kit/listing.js'
import { createPage, type Page } from '../../src/kit/page.js'

/** Where every source's folder lives. */
export const SOURCES_DIR = join(PROJECT_ROOT, 'sources')

/** How a page fixture was requested, from `fixtures/fixtures.json` (written by `npm run save-fixture`). */
export interface FixtureRequest {
  readonly url: string
  readonly method?: 'GET' | 'POST'
  readonly body?: string
}

/** One fixture file of a source, with what it is. */
export interface Fixture {
  readonly file: string
  readonly path: string
  /** `list-*`, `detail-*` and `blocked-*` pages; `file` for a file source's input files. */
  readonly kind: 'list' | 'detail' | 'blocked' | 'file'
  readonly request: FixtureRequest | null
}

const PAGE_FIXTURE = /^(list|detail|blocked)-.+\.(html|json)$/
const INPUT_FIXTURE = /\.(csv|tsv|jsonl|ndjson)$/

/** A fixture's committed expected output: `fixtures/<name>.expected.json` beside it. */
export const expectedPathOf = (fixture: Fixture): string =>
  fixture.path.replace(/\.[a-z]+$/, '.expected.json')

/** A registered source's folder: `sources/<id>/`. */
export const sourceFolder = (sourceId: string): string => join(SOURCES_DIR, sourceId)

/** The requests recorded for the page fixtures in a source's folder; an empty object when there is no `fixtures.json`. */
export function readFixtureRequests(folder: string): Record<string, FixtureRequest> {
  const file = join(folder, 'fixtures', 'fixtures.json')
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, FixtureRequest>) : {}
}

/** Every fixture in a source's folder (see {@link sourceFolder}), sorted by name. */
export function listFixtures(sourceDir: string, kind: 'crawl' | 'file'): Fixture[] {
  const folder = join(sourceDir, 'fixtures')
  if (!existsSync(folder)) return []
  const requests = readFixtureRequests(sourceDir)
  return readdirSync(folder)
    .filter((file) => !file.endsWith('.expected.json'))
    .filter((file) => (kind === 'crawl' ? PAGE_FIXTURE.test(file) : INPUT_FIXTURE.test(file)))
    .sort()
    .map((file) => ({
      file,
      path: join(folder, file),
      kind: kind === 'file' ? 'file' : (PAGE_FIXTURE.exec(file)![1] as Fixture['kind']),
      request: requests[file] ?? null,
    }))
}

/** A fixture as the adapter sees it when the framework fetched it. */
export function pageOf(fixture: Fixture): Page {
  const url = fixture.request?.url ?? 'https://fixture.invalid/'
  const label = fixture.kind === 'detail' ? 'detail' : 'list'
  const request: SourceRequest = { url, label, method: fixture.request?.method, body: fixture.request?.body }
  return createPage(request, url, 200, readFileSync(fixture.path, 'utf8'))
}

/** What the contract compares with the expected JSON; listings already validated (invalid ones as they came). */
export type PageOutput =
  | { readonly blocked: string | null }
  | {
      readonly detailRequests: readonly FixtureRequest[]
      readonly nextRequest: FixtureRequest | null
      readonly noResults: boolean
      readonly listings: readonly unknown[]
    }
  | { readonly listing: unknown }

const requestOf = (r: SourceRequest): FixtureRequest => ({
  url: r.url,
  ...(r.method && r.method !== 'GET' ? { method: r.method } : {}),
  ...(r.body ? { body: r.body } : {}),
})

/** Validated when valid, so the expected JSON shows what is stored (defaults filled in). */
const validated = (input: unknown): unknown => {
  const result = listingSchema.safeParse(input)
  return result.success ? result.data : input
}

/** Runs the adapter's parser that fits the fixture. */
export function parsePageFixture(source: ListingSource, fixture: Fixture): PageOutput {
  const page = pageOf(fixture)
  if (fixture.kind === 'blocked') return { blocked: source.detectBlock?.(page) ?? null }
  if (fixture.kind === 'detail') return { listing: validated(source.parseDetailPage!(page)) }
  const result = source.parseListPage(page)
  return {
    detailRequests: (result.detailRequests ?? []).map(requestOf),
    nextRequest: result.nextRequest ? requestOf(result.nextRequest) : null,
    noResults: result.noResults ?? false,
    listings: (result.listings ?? []).map(validated),
  }
}

/** What a file source makes of an input fixture: the listings kept and the rejects with their reasons. */
export interface FileOutput {
  readonly status: string
  readonly listings: readonly Listing[]
  readonly rejects: readonly string[]
}

/** Reads an input fixture through the real file reader, as `ingest --feed` would. */
export async function parseFileFixture(source: FileSource, fixture: Fixture): Promise<FileOutput> {
  const listings: Listing[] = []
  const rejects: string[] = []
  const outcome = await readFileSource(source, fixture.path, {
    onListing: (listing) => listings.push(listing),
    onReject: (rejected) => rejects.push(rejected.reason),
  })
  return { status: outcome.status, listings, rejects }
}
