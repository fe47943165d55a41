import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { crawlSource } from '../../src/crawl/crawl-source.js'
import type { Listing } from '../../src/kit/listing.js'
import type { RejectedListing } from '../../src/parse/index.js'
import { HTML_HOMES, htmlHomesSource, htmlSiteRoutes } from '../crawl/test-sources.js'
import { useHarness } from '../fetch/harness.js'
import { useTempDir } from '../helpers/temp-dir.js'

const h = useHarness()
const dir = useTempDir()

/** Detail pages a broken or hostile site might serve in place of a listing. */
const BAD_DETAILS: Record<string, string | Uint8Array> = {
  'nested 30,000 deep': `${'<div>'.repeat(30_000)}${'</div>'.repeat(30_000)}`,
  'a 19 MB page of tiny elements': `<html><body>${'<i>x</i>'.repeat(2_400_000)}</body></html>`,
  'binary garbage': Uint8Array.from({ length: 200_000 }, (_, i) => (i * 7919 + 13) % 256),
}
/** A page cut off in transfer still parses, but misses fields: a skipped row with its reason, not a failed page. */
const CUT_OFF = '<!doctype html><html><body><h1 class="street">Biltstraat 101</h1><div class="price">€ 1.725'

/** Crawls the three-home site with `a2` as home a2's detail page. */
async function crawlWith(a2: string | Uint8Array, failedDir: string) {
  const routes = htmlSiteRoutes(HTML_HOMES)
  routes['/homes/a2'] = { body: a2 }
  const site = await h.site(routes)
  const listings: Listing[] = []
  const rejects: RejectedListing[] = []
  const started = performance.now()
  const outcome = await crawlSource(htmlHomesSource('hostile', site.origin), {
    fetcher: h.fetcher().fetcher,
    scope: { cities: ['Utrecht'], types: ['rent'] },
    failedDir,
    onListing: (l) => listings.push(l),
    onReject: (r) => rejects.push(r),
  })
  const saved = () => readdirSync(join(failedDir, 'hostile')).filter((f) => f.endsWith('.html'))
  return { outcome, listings, rejects, ms: performance.now() - started, saved }
}

describe('a crawl meeting a hostile detail page', () => {
  for (const [name, body] of Object.entries(BAD_DETAILS)) {
    it(`${name}: that page fails with a reason and is kept; the other listings arrive`, async () => {
      const run = await crawlWith(body, join(dir, name.replace(/\W+/g, '-')))
      expect(run.ms, 'ms').toBeLessThan(20_000)
      expect(run.listings.map((l) => l.sourceListingId).sort()).toEqual(['a1', 'a3'])
      expect(run.outcome).toMatchObject({ status: 'ok', listings: 2, errors: 1 })
      expect(run.outcome.message ?? '').toMatch(/\/homes\/a2/)
      expect(run.saved()).toHaveLength(1)
    }, 60_000)
  }

  it('a page cut off in transfer: a rejected row with the missing fields; the other listings arrive', async () => {
    const run = await crawlWith(CUT_OFF, join(dir, 'cut-off'))
    expect(run.listings.map((l) => l.sourceListingId).sort()).toEqual(['a1', 'a3'])
    expect(run.outcome).toMatchObject({ status: 'ok', listings: 2, rejected: 1, errors: 0 })
    expect(run.rejects).toHaveLength(1)
    expect(run.rejects[0]!.reason).toMatch(/postcode|city/)
  }, 60_000)
})
