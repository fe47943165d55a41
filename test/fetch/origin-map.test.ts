import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { InvalidEnvironmentError, loadConfig } from '../../src/config.js'
import { RobotsDisallowedError } from '../../src/errors.js'
import { createHttpTransport } from '../../src/fetch/index.js'
import { parseOriginMap } from '../../src/fetch/origin-map.js'
import type { Politeness } from '../../src/kit/adapter.js'
import { runCli } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp-dir.js'
import { OPEN, useHarness } from './harness.js'

const h = useHarness()
const FUNDA = 'https://www.funda.nl'

/** A fetcher whose HTTP transport sends Funda's origin to `site`. */
async function mappedSite(routes: Parameters<typeof h.site>[0]) {
  const site = await h.site(routes)
  const originMap = parseOriginMap(`${FUNDA}=${site.origin}`)
  return { site, originMap }
}

describe('the origin map', () => {
  it('fetches a mapped site from its mapped origin; the page and robots.txt keep the site URL', async () => {
    const { site, originMap } = await mappedSite({
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /mijn/\n' },
      '/zoeken/koop': { body: '<html>koop</html>' },
    })
    const { fetcher } = h.fetcher({ http: createHttpTransport({ originMap }), renderOverHttp: true })
    const url = `${FUNDA}/zoeken/koop?selected_area=%5B%22amsterdam%22%5D`
    const response = await fetcher.fetch({ url, render: 'browser' }, OPEN)
    expect([response.url, response.status, response.body]).toEqual([url, 200, '<html>koop</html>'])
    expect(site.requests.map((r) => r.path)).toEqual([
      '/robots.txt',
      '/zoeken/koop?selected_area=%5B%22amsterdam%22%5D',
    ])
    await expect(fetcher.fetch({ url: `${FUNDA}/mijn/account` }, OPEN)).rejects.toBeInstanceOf(
      RobotsDisallowedError,
    )
    expect(site.hits('/mijn/account')).toBe(0)
  })

  it('maps a redirect on the mapped origin back to the site URL', async () => {
    const { originMap } = await mappedSite({
      '/old': (_q, response) => void response.writeHead(301, { location: '/new' }).end(),
      '/new': { body: 'moved' },
    })
    const { fetcher } = h.fetcher({ http: createHttpTransport({ originMap }), respectRobots: false })
    expect((await fetcher.fetch({ url: `${FUNDA}/old` }, OPEN)).url).toBe(`${FUNDA}/new`)
  })

  it('a politeness scale of 0 sends a 4 s source its requests without waiting', async () => {
    const { site, originMap } = await mappedSite({
      '/a': { body: 'a' },
      '/b': { body: 'b' },
      '/c': { body: 'c' },
    })
    const slow: Politeness = { concurrency: 1, intervalCap: 1, interval: 4_000 }
    const { fetcher } = h.fetcher({
      http: createHttpTransport({ originMap }),
      respectRobots: false,
      politenessScale: 0,
    })
    const started = performance.now()
    await Promise.all(['/a', '/b', '/c'].map((path) => fetcher.fetch({ url: `${FUNDA}${path}` }, slow)))
    expect(performance.now() - started).toBeLessThan(3_000)
    expect(site.requests).toHaveLength(3)
  })

  it('is read from the environment, empty and unscaled unless set', () => {
    const unset = loadConfig({})
    expect([unset.originMap.size, unset.politenessScale, unset.renderOverHttp]).toEqual([0, 1, false])
    const set = loadConfig({
      PROPDATA_ORIGIN_MAP:
        'https://www.funda.nl=http://127.0.0.1:5001, https://www.pararius.com=http://127.0.0.1:5002',
      PROPDATA_POLITENESS_SCALE: '0',
      PROPDATA_RENDER: 'http',
    })
    expect([...set.originMap]).toEqual([
      ['https://www.funda.nl', 'http://127.0.0.1:5001'],
      ['https://www.pararius.com', 'http://127.0.0.1:5002'],
    ])
    expect([set.politenessScale, set.renderOverHttp]).toEqual([0, true])
  })

  it('refuses a malformed value in one line that names the variable', () => {
    for (const [name, value] of [
      ['PROPDATA_ORIGIN_MAP', 'https://www.funda.nl'],
      ['PROPDATA_ORIGIN_MAP', 'https://www.funda.nl=127.0.0.1:5001'],
      ['PROPDATA_ORIGIN_MAP', 'https://www.funda.nl/zoeken=http://127.0.0.1:5001'],
      ['PROPDATA_POLITENESS_SCALE', 'fast'],
      ['PROPDATA_POLITENESS_SCALE', '-1'],
      ['PROPDATA_RENDER', 'chromium'],
    ] as const) {
      let error: unknown
      try {
        loadConfig({ [name]: value })
      } catch (e) {
        error = e
      }
      expect(error, `${name}=${value}`).toBeInstanceOf(InvalidEnvironmentError)
      expect((error as Error).message).toMatch(new RegExp(`^Invalid environment: ${name}: [^\\n]+$`))
    }
  })

  const dir = useTempDir()
  it('a bad PROPDATA_ORIGIN_MAP ends the command with one line, exit 2', async () => {
    const result = await runCli(['runs', '--db', join(dir, 'none.db')], {
      PROPDATA_DATA_DIR: dir,
      PROPDATA_ORIGIN_MAP: 'www.funda.nl=127.0.0.1',
    })
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/^error: Invalid environment: PROPDATA_ORIGIN_MAP: [^\n]+\n$/)
  }, 60_000)
})
