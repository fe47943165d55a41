import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CrawlScope } from '../../src/kit/adapter.js'
import { runCli } from '../helpers/cli.js'
import { ALL_SOURCES } from '../helpers/registry.js'
import { useTempDir } from '../helpers/temp-dir.js'

const SCOPE: CrawlScope = { cities: ['Delft'], types: ['rent', 'buy'] }
const crawlSources = ALL_SOURCES.filter((s) => s.kind === 'crawl')

/** Every origin a crawl over the scope starts on, whatever the terms: so that no request of the run leaves this machine. */
const startOrigins = [
  ...new Set(crawlSources.flatMap((s) => s.startRequests(SCOPE).map((r) => new URL(r.url).origin))),
]

describe('a live run that names no source', () => {
  const dir = useTempDir('propdata-terms-')
  // Every site is this server, which has no pages: the run is about which sources it reads, not what they find.
  const server = createServer((_request, response) => response.writeHead(404).end())
  let originMap = ''
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const local = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    originMap = startOrigins.map((origin) => `${origin}=${local}`).join(',')
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const ingest = (...args: string[]) =>
    runCli(
      [
        'ingest',
        '--cities',
        'Delft',
        '--max-pages',
        '1',
        '--db',
        join(dir, 'propdata.db'),
        '--json',
        ...args,
      ],
      {
        PROPDATA_DATA_DIR: dir,
        PROPDATA_ORIGIN_MAP: originMap,
        PROPDATA_POLITENESS_SCALE: '0',
        PROPDATA_RENDER: 'http',
      },
    )
  const forbidden = crawlSources.filter((s) => s.terms === 'forbids').map((s) => s.id)

  it('leaves out the sites whose terms forbid crawling, and says so in its log and its report', async () => {
    const result = await ingest()
    const report = JSON.parse(result.stdout) as {
      sources: { source: string }[]
      leftOut: { source: string; reason: string }[]
    }
    expect(forbidden.length).toBeGreaterThan(0)
    const leftOut = forbidden
    expect(report.sources.map((s) => s.source)).toEqual(
      crawlSources.map((s) => s.id).filter((id) => !leftOut.includes(id)),
    )
    expect(report.leftOut.map((l) => l.source)).toEqual(leftOut)
    const runsShow = await runCli(['runs', 'show', '1', '--db', join(dir, 'propdata.db')], {
      PROPDATA_DATA_DIR: dir,
    })
    for (const id of forbidden) {
      const line = `${id}: left out: its terms forbid automated collection (name it with --sources to crawl it)`
      expect(result.stderr).toContain(line)
      expect(runsShow.stdout).toContain(`  ${line}`)
    }
  }, 120_000)

  it('crawls a forbidden site the operator names', async () => {
    const named = forbidden[0]!
    const report = JSON.parse((await ingest('--sources', named)).stdout) as {
      sources: { source: string }[]
      leftOut: unknown[]
    }
    expect(report.sources.map((s) => s.source)).toEqual([named])
    expect(report.leftOut).toEqual([])
  }, 120_000)
})
