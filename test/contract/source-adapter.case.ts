import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { evidenceProblems } from '../../src/check/evidence-problems.js'
import { SITE_FILE } from '../../src/declarative/index.js'
import type { FileSource, ListingSource, Source } from '../../src/kit/adapter.js'
import { listingSchema } from '../../src/kit/listing.js'
import { hostOf } from '../../src/kit/url.js'
import { ALL_SOURCES } from '../helpers/registry.js'
import {
  expectedPathOf,
  type Fixture,
  listFixtures,
  pageOf,
  parseFileFixture,
  parsePageFixture,
  readFixtureRequests,
  SOURCES_DIR,
  sourceFolder,
} from './source-fixtures.js'

/** The checks of the contract, each its own test. */
export type ContractTest =
  | 'files'
  | 'evidence'
  | 'list-pages'
  | 'valid-listings'
  | 'expected-json'
  | 'deterministic'
  | 'politeness'
  | 'imports'

/** A check a source may skip, always with the reason, which is printed in the test's name. */
export interface ContractSkip {
  readonly test: ContractTest
  readonly reason: string
}

/** Per-source options of the contract. */
export interface ContractOptions {
  readonly skip?: readonly ContractSkip[]
  /** The folder with its fixtures, for a preset's example site. @default `sources/<id>/` */
  readonly folder?: string
}

/** Politeness bounds: a source may never be rougher than this, whatever it says it needs. */
export const MAX_CONCURRENCY = 4
/** On average at least this long between two requests to one host (`interval / intervalCap`). */
export const MIN_INTERVAL_MS_PER_REQUEST = 500

// What adapter files may import: the kit, the parsing libraries, their own folder and the shared markup.
const ALLOWED_IMPORTS = [
  /^\.\.\/\.\.\/src\/kit\/index\.js$/,
  /^cheerio$/,
  /^zod$/,
  /^devalue$/,
  /^\.\/[\w.-]+\.js$/,
  /^\.\.\/_shared\/[\w.-]+\.js$/,
]
const IMPORT_SPECIFIER =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

/** The module specifiers a TypeScript file imports or re-exports. */
export function importsOf(code: string): string[] {
  return [...code.matchAll(IMPORT_SPECIFIER)].map((m) => m[1] ?? m[2]!)
}

/** The adapter's own files (not tests) and the shared markup modules they use. */
function adapterFiles(folder: string): string[] {
  const own = readdirSync(folder)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => join(folder, f))
  const shared = new Set<string>()
  for (const file of own) {
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      if (spec.startsWith('../_shared/')) shared.add(join(folder, spec.replace(/\.js$/, '.ts')))
    }
  }
  return [...own, ...shared]
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`

/**
 * The contract every registered source passes: its folder holds a README and fixtures in the site's real format; it
 * declares how its parser was checked (its evidence: see `evidenceProblems`); list pages yield absolute URLs on its
 * own hosts; every fixture parses into valid listings equal to the committed `fixtures/*.expected.json` (`vitest -u`
 * writes them; read each before committing it: it is the spec); parsing is pure; politeness stays within bounds;
 * adapter files import only what adapters may import.
 */
export function runSourceContract(source: Source, options: ContractOptions = {}): void {
  const check = (test: ContractTest, name: string, fn: () => void | Promise<void>) => {
    const skip = options.skip?.find((s) => s.test === test)
    if (skip) it.skip(`${name} (skipped: ${skip.reason})`, fn)
    else it(name, fn)
  }
  const folder = options.folder ?? sourceFolder(source.id)
  const fixtures = listFixtures(folder, source.kind)

  check('files', 'has a README, fixture provenance and fixtures in the site’s format', () => {
    // A site file's `description` and `termsNote` are its README.
    const readme = source.kind === 'crawl' && source.preset !== undefined ? SITE_FILE : 'README.md'
    expect(existsSync(join(folder, readme)), readme).toBe(true)
    expect(existsSync(join(folder, 'fixtures', 'PROVENANCE.md')), 'fixtures/PROVENANCE.md').toBe(true)
    if (source.kind === 'file') {
      expect(fixtures.length, 'input files (*.csv, *.jsonl) in fixtures/').toBeGreaterThan(0)
      return
    }
    expect(fixtures.filter((f) => f.kind === 'list').length, 'fixtures/list-*').toBeGreaterThan(0)
    const requests = readFixtureRequests(folder)
    for (const fixture of fixtures) {
      expect(requests[fixture.file]?.url, `${fixture.file} has its URL in fixtures/fixtures.json`).toMatch(
        /^https?:\/\//,
      )
    }
  })

  check(
    'evidence',
    'has evidence: how its parser was checked (recorded, platform-format or none), in full',
    () => {
      expect(evidenceProblems(source, ALL_SOURCES, SOURCES_DIR)).toEqual([])
    },
  )

  if (source.kind === 'crawl') crawlChecks(source, fixtures, check)
  else fileChecks(source, fixtures, check)

  check('imports', 'imports only the kit, cheerio, zod, devalue and shared markup', () => {
    for (const file of adapterFiles(folder)) {
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        expect(
          ALLOWED_IMPORTS.some((re) => re.test(spec)),
          `${file} imports ${spec}`,
        ).toBe(true)
      }
    }
  })
}

type Check = (test: ContractTest, name: string, fn: () => void | Promise<void>) => void

function crawlChecks(source: ListingSource, fixtures: readonly Fixture[], check: Check): void {
  const hosts = new Set([hostOf(source.homepage), ...(source.hosts ?? []).map((h) => h.toLowerCase())])
  const pages = fixtures.filter((f) => f.kind !== 'blocked')

  check('list-pages', 'list pages yield absolute URLs on its own hosts, or listings', () => {
    for (const fixture of fixtures.filter((f) => f.kind === 'list')) {
      const out = parsePageFixture(source, fixture)
      if (!('detailRequests' in out)) throw new Error('not a list result')
      const urls = [
        ...out.detailRequests.map((r) => r.url),
        ...(out.nextRequest ? [out.nextRequest.url] : []),
        ...out.listings.map((l) => (l as { url: string }).url),
      ]
      expect(out.detailRequests.length + out.listings.length, `${fixture.file} yields work`).toBeGreaterThan(
        0,
      )
      for (const url of urls) {
        expect(url, fixture.file).toMatch(/^https?:\/\//)
        expect(hosts.has(hostOf(url)), `${fixture.file}: ${url} is on ${[...hosts].join(' or ')}`).toBe(true)
      }
    }
  })

  check(
    'valid-listings',
    'detail pages and inline listings are valid listings; only blocked-* pages are blocks',
    () => {
      for (const fixture of fixtures) {
        const page = pageOf(fixture)
        const block = source.detectBlock?.(page) ?? null
        if (fixture.kind === 'blocked') {
          expect(block, `${fixture.file} is recognised as a block`).not.toBeNull()
          continue
        }
        expect(block, `${fixture.file} is not a block`).toBeNull()
        const inputs =
          fixture.kind === 'detail'
            ? [source.parseDetailPage!(page)]
            : (source.parseListPage(page).listings ?? [])
        for (const input of inputs) {
          const result = listingSchema.safeParse(input)
          expect(result.error?.issues ?? [], `${fixture.file}: ${JSON.stringify(input)}`).toEqual([])
        }
      }
    },
  )

  check('expected-json', 'every fixture parses into its committed fixtures/*.expected.json', async () => {
    for (const fixture of fixtures) {
      await expect(json(parsePageFixture(source, fixture))).toMatchFileSnapshot(expectedPathOf(fixture))
    }
  })

  check('deterministic', 'parses every fixture the same way twice', () => {
    for (const fixture of pages)
      expect(parsePageFixture(source, fixture)).toEqual(parsePageFixture(source, fixture))
  })

  check(
    'politeness',
    `politeness: concurrency ≤ ${MAX_CONCURRENCY}, ≥ ${MIN_INTERVAL_MS_PER_REQUEST} ms per request`,
    () => {
      const { concurrency, intervalCap, interval } = source.politeness
      expect(concurrency).toBeGreaterThanOrEqual(1)
      expect(concurrency).toBeLessThanOrEqual(MAX_CONCURRENCY)
      expect(intervalCap).toBeGreaterThanOrEqual(1)
      expect(interval / intervalCap).toBeGreaterThanOrEqual(MIN_INTERVAL_MS_PER_REQUEST)
    },
  )
}

function fileChecks(source: FileSource, fixtures: readonly Fixture[], check: Check): void {
  check('list-pages', 'every input file yields listings with absolute URLs', async () => {
    for (const fixture of fixtures) {
      const out = await parseFileFixture(source, fixture)
      expect(out.status, fixture.file).toBe('ok')
      expect(out.listings.length, fixture.file).toBeGreaterThan(0)
      for (const listing of out.listings) expect(listing.url, fixture.file).toMatch(/^https?:\/\//)
    }
  })

  check('valid-listings', 'every record is a valid listing or a reject with its line number', async () => {
    for (const fixture of fixtures) {
      const out = await parseFileFixture(source, fixture)
      for (const listing of out.listings) expect(listingSchema.safeParse(listing).success).toBe(true)
      for (const reason of out.rejects) expect(reason, fixture.file).toMatch(/^line \d+: \S/)
    }
  })

  check('expected-json', 'every input file reads into its committed fixtures/*.expected.json', async () => {
    for (const fixture of fixtures) {
      await expect(json(await parseFileFixture(source, fixture))).toMatchFileSnapshot(expectedPathOf(fixture))
    }
  })

  check('deterministic', 'reads every input file the same way twice', async () => {
    for (const fixture of fixtures) {
      expect(await parseFileFixture(source, fixture)).toEqual(await parseFileFixture(source, fixture))
    }
  })

  check('politeness', 'politeness', () => {
    throw new Error(`${source.id} is a file source: skip this check with the reason`)
  })
}
