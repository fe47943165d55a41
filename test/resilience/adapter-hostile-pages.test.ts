import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PipelineError } from '../../src/errors.js'
import type { ListingSource, SourceRequest } from '../../src/kit/adapter.js'
import { createPage } from '../../src/kit/page.js'
import { type Fixture, listFixtures, sourceFolder } from '../contract/source-fixtures.js'
import { ALL_SOURCES } from '../helpers/registry.js'
import { RESILIENCE_SEED } from './resilience-seed.js'

const CRAWLED = ALL_SOURCES.filter((s): s is ListingSource => s.kind === 'crawl')
const options = { seed: RESILIENCE_SEED, endOnFailure: true }

/** What the crawl would get from the adapter for `body` served at the fixture's URL: a result, or the error. */
function parseAs(
  source: ListingSource,
  fixture: Fixture,
  body: string,
): { ok: unknown } | { error: unknown } {
  const url = fixture.request?.url ?? source.homepage
  const request: SourceRequest = {
    url,
    label: fixture.kind === 'detail' ? 'detail' : 'list',
    method: fixture.request?.method,
    body: fixture.request?.body,
  }
  const page = createPage(request, url, 200, body)
  try {
    return { ok: fixture.kind === 'detail' ? source.parseDetailPage!(page) : source.parseListPage(page) }
  } catch (error) {
    return { error }
  }
}

/** A result the crawl can use, or a `ParseError` (any pipeline error) that says what is wrong. */
function expectClearOutcome(outcome: { ok: unknown } | { error: unknown }, what: string): void {
  if ('error' in outcome) {
    expect(outcome.error, `${what}: ${String(outcome.error)}`).toBeInstanceOf(PipelineError)
    expect((outcome.error as Error).message.length).toBeGreaterThan(10)
    return
  }
  expect(typeof outcome.ok, what).toBe('object')
  const result = outcome.ok as { listings?: unknown; detailRequests?: unknown }
  if (result.listings !== undefined) expect(Array.isArray(result.listings), what).toBe(true)
  if (result.detailRequests !== undefined) expect(Array.isArray(result.detailRequests), what).toBe(true)
}

const cases = CRAWLED.flatMap((source) =>
  listFixtures(sourceFolder(source.id), 'crawl')
    .filter((f) => f.kind !== 'blocked')
    .map((fixture) => ({ source, fixture, text: readFileSync(fixture.path, 'utf8') })),
)

/** Edits that keep most of a real page and break some of it: what a half-changed layout or a cut transfer gives. */
const mutation = (text: string) =>
  fc.oneof(
    fc.nat(text.length).map((at) => text.slice(0, at)),
    fc.tuple(fc.nat(text.length), fc.nat(5_000)).map(([at, n]) => text.slice(0, at) + text.slice(at + n)),
    fc
      .tuple(fc.nat(text.length), fc.nat(2_000), fc.nat(text.length))
      .map(([at, n, to]) => text.slice(0, to) + text.slice(at, at + n) + text.slice(to)),
    fc
      .tuple(fc.nat(text.length), fc.string({ unit: 'binary', maxLength: 200 }))
      .map(([at, junk]) => text.slice(0, at) + junk + text.slice(at)),
    fc
      .tuple(
        fc.nat(text.length),
        fc.constantFrom('<', '>', '"', "'", '</script>', '<!--', ']]>', '\u0000', '&#0;', '&#x110000;'),
      )
      .map(([at, junk]) => text.slice(0, at) + junk + text.slice(at)),
    // The JSON a page embeds, with a value swapped for another type.
    fc
      .constantFrom('null', '[]', '{}', '-1', '1e999', '"x"', 'true', '[[[[[]]]]]')
      .map((junk) => text.replace(/:\s*("[^"]*"|-?\d+(\.\d+)?|true|false|null)/, `:${junk}`)),
  )

/** Random markup from the adapters' own vocabulary, so selectors match in unexpected places. */
const CLASSES = [
  ...new Set(cases.flatMap(({ text }) => [...text.matchAll(/class="([^"]{1,60})"/g)].map((m) => m[1]!))),
].slice(0, 300)
const randomMarkup = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string({ unit: 'grapheme', maxLength: 30 }),
    fc
      .tuple(
        fc.constantFrom(
          'div',
          'span',
          'a',
          'li',
          'ul',
          'h1',
          'dd',
          'dt',
          'section',
          'article',
          'script',
          'meta',
          'p',
        ),
        fc.constantFrom(...CLASSES),
        fc.array(tie('node'), { maxLength: 5 }),
      )
      .map(([tag, cls, children]) => {
        const attrs =
          tag === 'script'
            ? ' type="application/ld+json" id="__NUXT_DATA__"'
            : tag === 'a'
              ? ` class="${cls}" href="/huren/x/${cls.length}"`
              : ` class="${cls}" data-listing-id="${cls.length}"`
        return `<${tag}${attrs}>${(children as string[]).join('')}</${tag}>`
      }),
  ),
})).node

describe(`listing adapters on hostile pages (seed ${RESILIENCE_SEED})`, () => {
  for (const { source, fixture, text } of cases) {
    it(`${source.id} ${fixture.file}: mutated, truncated and re-encoded, a result or a ParseError`, () => {
      fc.assert(
        fc.property(mutation(text), (body) => expectClearOutcome(parseAs(source, fixture, body), 'mutated')),
        { ...options, numRuns: 40 },
      )
      const bytes = readFileSync(fixture.path)
      const encodings: Record<string, string> = {
        latin1: bytes.toString('latin1'),
        utf16le: bytes.toString('utf16le'),
        'bom + invalid bytes': `\uFEFF${new TextDecoder().decode(Buffer.concat([bytes.subarray(0, 500), Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0xed, 0xa0, 0x80]), bytes.subarray(500)]))}`,
        binary: new TextDecoder().decode(Uint8Array.from({ length: 50_000 }, (_, i) => (i * 7919) % 256)),
        empty: '',
      }
      for (const [name, body] of Object.entries(encodings))
        expectClearOutcome(parseAs(source, fixture, body), name)
    })
  }

  it('random markup from the adapters’ own class names: a result or a ParseError', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...cases),
        fc.array(randomMarkup, { maxLength: 8 }),
        ({ source, fixture }, nodes) =>
          expectClearOutcome(
            parseAs(source, fixture, `<html><body>${nodes.join('')}</body></html>`),
            'random',
          ),
      ),
      { ...options, numRuns: 300 },
    )
  })
})

/** Pages made to hurt a parser: each must end in a result or a clear error, fast, without eating memory. */
const BOMBS: Record<string, () => string> = {
  'nested 20,000 deep': () => `${'<div>'.repeat(20_000)}x${'</div>'.repeat(20_000)}`,
  'nested 2,000,000 deep (20 MB)': () => '<div><b>'.repeat(2_000_000),
  'a 20 MB page of tiny elements': () => `<html><body>${'<i>x</i>'.repeat(2_500_000)}</body></html>`,
  '20 MB after </html>': () => `<html><body></body></html>${'<p>a</p>'.repeat(2_500_000)}`,
  'one 20 MB text node': () => `<html><body><h1>${'Straat 1 '.repeat(2_200_000)}</h1></body></html>`,
  'one 20 MB attribute': () =>
    `<html><body><a class="${'c'.repeat(20_000_000)}" href="/x">x</a></body></html>`,
  'a 20 MB script': () =>
    `<html><head><script id="__NUXT_DATA__" type="application/json">[${'1,'.repeat(10_000_000)}1]</script></head></html>`,
  'deeply nested JSON state': () =>
    `<html><head><script id="__NUXT_DATA__" type="application/json">${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}</script></head></html>`,
  'deeply nested JSON body': () => `{"listings":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)},"total":1}`,
  'a 20 MB JSON body': () =>
    JSON.stringify({
      total: 200_000,
      listings: Array.from({ length: 100_000 }, (_, i) => ({
        listingId: i,
        city: 'Delft',
        citySlug: 'delft',
        listingType: 2,
        street: 'S'.repeat(150),
      })),
    }),
}

/** One page of each kind per source is enough for a bomb: the parse, not the fixture, is what is tested. */
const bombTargets = cases.filter(
  (c, i) => cases.findIndex((d) => d.source === c.source && d.fixture.kind === c.fixture.kind) === i,
)

describe('listing adapters on markup bombs', () => {
  for (const [name, make] of Object.entries(BOMBS)) {
    it(`${name}: a result or a clear error, in bounded time and memory`, () => {
      const body = make()
      for (const { source, fixture } of bombTargets) {
        const before = process.memoryUsage().heapUsed
        const started = performance.now()
        const outcome = parseAs(source, fixture, body)
        const ms = performance.now() - started
        const grew = (process.memoryUsage().heapUsed - before) / 1e6
        const what = `${source.id} ${fixture.kind} on ${name}`
        // Stack overflows in JSON revivers are errors too: the crawl keeps the page and goes on.
        if ('error' in outcome) expect(outcome.error, what).toBeInstanceOf(Error)
        expect(ms, `${what}: ms`).toBeLessThan(15_000)
        expect(grew, `${what}: MB of heap kept`).toBeLessThan(800)
      }
    }, 120_000)
  }
})
