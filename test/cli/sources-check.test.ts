import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isFilled } from '../../src/check/fixture-fields.js'
import type { Listing } from '../../src/kit/listing.js'
import { FILL_FIELD_KEYS, FILL_FIELDS } from '../../src/pipeline/fill-rates.js'
import { SOURCES_DIR } from '../contract/source-fixtures.js'
import { INTERSTITIALS } from '../fetch/interstitials.js'
import { type LocalSite, startLocalSite } from '../fetch/local-site.js'
import { runCli } from '../helpers/cli.js'

/** A Zig portal: one JSON answer holds its whole offer, read from the list page itself. */
const ZIG = 'https://www.hureninhollandrijnland.nl'
const ZIG_LIST = '/portal/object/frontend/getallobjects/format/json'
const ZIG_PAGE = readFileSync(
  join(SOURCES_DIR, 'holland-rijnland', 'fixtures', 'list-all-objects.json'),
  'utf8',
)
const ZIG_EXPECTED = JSON.parse(
  readFileSync(join(SOURCES_DIR, 'holland-rijnland', 'fixtures', 'list-all-objects.expected.json'), 'utf8'),
) as { listings: Listing[] }

/** A site whose list pages link to detail pages, rendered by no browser. */
const PARARIUS = 'https://www.pararius.com'
const PARARIUS_PAGE = readFileSync(
  join(SOURCES_DIR, 'pararius', 'fixtures', 'list-delft-excerpt.html'),
  'utf8',
)

const FUNDA = 'https://www.funda.nl'

const json = (body: string) => ({ headers: { 'content-type': 'application/json' }, body })
const text = (body: string) => ({ headers: { 'content-type': 'text/plain' }, body })

/** The fixture with every object's postcode gone, and the first object's town: the portal's format drifted. */
function drifted(): string {
  const page = JSON.parse(ZIG_PAGE) as { result: Record<string, unknown>[] }
  for (const object of page.result) delete object.postalcode
  Object.assign(page.result[0]!, { city: { name: '', id: null }, municipality: { name: '', id: null } })
  return JSON.stringify(page)
}

// Each site this test names is served from a local site of its own.
let site: LocalSite
let pararius: LocalSite
let funda: LocalSite
beforeAll(async () => {
  ;[site, pararius, funda] = await Promise.all([startLocalSite(), startLocalSite(), startLocalSite()])
})
afterAll(() => Promise.all([site.close(), pararius.close(), funda.close()]))

const originMap = () =>
  [
    [ZIG, site],
    [PARARIUS, pararius],
    [FUNDA, funda],
  ]
    .map(([origin, local]) => `${origin}=${(local as LocalSite).origin}`)
    .join(',')

/** `propdata sources check ARGS`, every site it reaches being local, without waiting out politeness. */
const check = (args: readonly string[], env: Record<string, string> = {}) =>
  runCli(['sources', 'check', ...args], {
    PROPDATA_ORIGIN_MAP: originMap(),
    PROPDATA_POLITENESS_SCALE: '0',
    ...env,
  })

/** "price 4/4, living area 3/4, …": what the recorded listings fill, as the check counts it. */
const fieldsOf = (listings: readonly Listing[]) =>
  FILL_FIELD_KEYS.map(
    (field) =>
      `${FILL_FIELDS[field].name} ${listings.filter((l) => isFilled(FILL_FIELDS[field].of(l))).length}/${listings.length}`,
  ).join(', ')

describe('propdata sources check ID', () => {
  it('reads robots.txt and the first list page through the fetcher, and finds no problem in a page as recorded', async () => {
    site.route('/robots.txt', text('User-agent: *\nDisallow: /mijn-account/\n'))
    site.route(ZIG_LIST, json(ZIG_PAGE))
    const before = site.requests.length
    const result = await check(['holland-rijnland'])
    expect(result.code, result.stderr).toBe(0)
    const n = ZIG_EXPECTED.listings.length
    expect(result.stdout).toBe(
      [
        'holland-rijnland (Huren in Holland Rijnland): the first list page for rent in Leiden',
        `  robots.txt  HTTP 200: allows GET ${ZIG}${ZIG_LIST}`,
        `  list page   HTTP 200, ${ZIG_PAGE.length.toLocaleString('en')} characters from ${ZIG}${ZIG_LIST}`,
        `  found       ${n} listings (${n} valid, 0 rejected), 0 detail requests (not fetched), no next page`,
        `  fields      ${fieldsOf(ZIG_EXPECTED.listings)}`,
        '  evidence    recorded 2026-09 (list-all-objects.json)',
        'No problems: the first list page reads as the contract asks.',
        '',
      ].join('\n'),
    )
    // Two requests, each with our User-Agent: robots.txt, then the page it allows.
    const sent = site.requests.slice(before)
    expect(sent.map((r) => r.path)).toEqual(['/robots.txt', ZIG_LIST])
    expect(sent.every((r) => /^propdata\//.test(String(r.headers['user-agent'])))).toBe(true)
  }, 60_000)

  it('prints one line per problem of a drifted page, and exits 1', async () => {
    site.route('/robots.txt', text('User-agent: *\nAllow: /\n'))
    site.route(ZIG_LIST, json(drifted()))
    const result = await check(['holland-rijnland'])
    expect(result.code).toBe(1)
    const n = ZIG_EXPECTED.listings.length
    const problems = result.stdout.split('\n').filter((line) => line.startsWith('problem: '))
    expect(problems).toEqual([
      expect.stringMatching(
        /^problem: row rejected \(https:\/\/www\.hureninhollandrijnland\.nl\/.+\): city: missing$/,
      ),
      `problem: postcode is empty in every valid listing (${n - 1}), though the fixtures' listings have it`,
    ])
    expect(result.stdout).toContain(`  found       ${n} listings (${n - 1} valid, 1 rejected)`)
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('2 problems.')
  }, 60_000)

  it('says the layout changed when the parser cannot read the page', async () => {
    site.route(ZIG_LIST, { body: '<html><body><h1>Onderhoud</h1></body></html>' })
    const result = await check(['holland-rijnland', '--json'])
    expect(result.code).toBe(1)
    const report = JSON.parse(result.stdout) as {
      problems: { check: string; message: string }[]
      page: unknown
    }
    expect(report.page).toMatchObject({ status: 200 })
    expect(report.problems).toEqual([
      { check: 'layout', message: expect.stringMatching(/^the list parser failed: /) },
    ])
  }, 60_000)

  it('does not fetch a page robots.txt disallows, and says so', async () => {
    site.route('/robots.txt', text('User-agent: *\nDisallow: /portal/\n'))
    site.route(ZIG_LIST, json(ZIG_PAGE))
    const before = site.hits(ZIG_LIST)
    const result = await check(['holland-rijnland'])
    expect(result.code).toBe(1)
    expect(result.stdout).toContain(`  robots.txt  HTTP 200: disallows GET ${ZIG}${ZIG_LIST}`)
    expect(result.stdout).toContain(
      `problem: robots.txt disallows it: the first list page ${ZIG}${ZIG_LIST} is not fetched`,
    )
    expect(site.hits(ZIG_LIST)).toBe(before)
  }, 60_000)

  it('names the HTTP status, or the block, the site answered with', async () => {
    site.route('/robots.txt', text('User-agent: *\nAllow: /\n'))
    site.route(ZIG_LIST, { status: 410, body: 'gone' })
    const gone = await check(['holland-rijnland'])
    expect(gone.code).toBe(1)
    expect(gone.stdout).toContain(`problem: HTTP 410 at ${ZIG}${ZIG_LIST}`)
    site.route(ZIG_LIST, { body: INTERSTITIALS.cloudflareEn })
    const blocked = await check(['holland-rijnland'])
    expect(blocked.code).toBe(1)
    expect(blocked.stdout).toMatch(/^problem: Blocked by .+ at https:\/\/www\.hureninhollandrijnland\.nl\//m)
  }, 60_000)

  it('counts the detail requests of a list page of links, which it does not fetch', async () => {
    pararius.route('/robots.txt', { status: 404, body: '' })
    pararius.route('/apartments/delft', { body: PARARIUS_PAGE })
    const result = await check(['pararius', '--city', 'Delft', '--json'])
    expect(result.code, result.stdout).toBe(0)
    const report = JSON.parse(result.stdout)
    expect(report).toMatchObject({
      source: 'pararius',
      search: { city: 'Delft', type: 'rent' },
      robots: { status: 404, allowed: true },
      found: { listings: 0, detailRequests: 2 },
      evidence: { kind: 'recorded', fixture: 'list-delft-excerpt.html' },
      problems: [],
    })
    expect(pararius.requests.map((r) => r.path)).toEqual(['/robots.txt', '/apartments/delft'])
  }, 60_000)

  it('says clearly that a browser source needs Chromium when none can be launched', async () => {
    funda.route('/robots.txt', text('User-agent: *\nAllow: /\n'))
    const result = await check(['funda'], { PROPDATA_CHROMIUM: '/nonexistent/chromium' })
    expect(result.code).toBe(1)
    expect(result.stdout).toMatch(
      /^problem: the source renders its pages in Chromium: No usable Chromium: \/nonexistent\/chromium did not start .*set PROPDATA_CHROMIUM\.$/m,
    )
  }, 60_000)

  it('refuses what it cannot check with exit 2 and one line', async () => {
    const cases: [string[], string][] = [
      [['nowhere'], 'error: No listing source nowhere; known: funda, '],
      [['bag'], 'error: bag is a register, not a listing site: there is no list page to check'],
      [['feed'], 'error: feed reads the files a partner delivers: there is no site to check'],
      [['funda', '--type', 'sale'], 'error: --type takes rent or buy, not sale'],
      [
        ['stadswonen', '--city', 'Delft'],
        'error: stadswonen has no search for rent in Delft; it lists homes in Rotterdam',
      ],
    ]
    for (const [args, message] of cases) {
      const result = await check(args)
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.stderr.startsWith(message), result.stderr).toBe(true)
      expect(result.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1)
    }
  }, 60_000)
})
