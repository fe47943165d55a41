import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createFetcher,
  createHttpTransport,
  createReplayTransport,
  createWarcRecorder,
  type Fetcher,
} from '../../src/fetch/index.js'
import { publishRun } from '../../src/publish/publish-run.js'
import { currentPeildatum, lookUpWozValues } from '../../src/registers/look-up-woz.js'
import { openStore, type Store } from '../../src/store/database.js'
import { readPublication } from '../../src/store/publication.repository.js'
import { defaultSourcePriority } from '../helpers/registry.js'
import { useTempDir } from '../helpers/temp-dir.js'
import { DELFT, importDelftBag, listHomes } from './delft-bag.js'

const dir = useTempDir()
const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '../../src/registers/woz/fixtures', name), 'utf8')
const NOW = '2026-11-22T02:00:00.000Z'

// The WOZ-waardeloket on 127.0.0.1: 12A answers with the recorded response, 14-2 with values of its own, the
// houseboat with none (a municipality that publishes nothing), Oude Delft 7 with 404.
const hits: { path: string; at: number }[] = []
const answers: Record<string, string> = {
  [DELFT.oudeDelft12a.num]: fixture('wozwaarde-nummeraanduiding-0503200000040028.json'),
  [DELFT.oudeDelft14_2.num]: JSON.stringify({
    wozObject: { nummeraanduidingid: 503200000040030, adresseerbaarobjectid: 503010000003326 },
    wozWaarden: [
      { peildatum: '2024-01-01', vastgesteldeWaarde: 388_000 },
      { peildatum: '2025-01-01', vastgesteldeWaarde: 412_000 },
    ],
  }),
  [DELFT.houseboat.num]: fixture('wozwaarde-no-values.CONSTRUCTED.json'),
}
const server = createServer((req, res) => {
  const path = req.url ?? '/'
  if (path === '/robots.txt') return res.writeHead(404).end()
  hits.push({ path, at: performance.now() })
  const id = /\/wozwaarde\/nummeraanduiding\/(\d+)$/.exec(path)?.[1] ?? ''
  const body = answers[id]
  if (!body) return res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}')
  res.writeHead(200, { 'content-type': 'application/json' }).end(body)
})
let baseUrl = ''
let store: Store
let archive = ''

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/lvwoz/wozwaardeloket-api/v1`
  store = await openStore(join(dir, 'woz.db'))
  await importDelftBag(store, dir)
  listHomes(store, [
    DELFT.oudeDelft12a.vbo,
    DELFT.oudeDelft14_2.vbo,
    DELFT.houseboat.lig,
    DELFT.oudeDelft7.vbo,
  ])
}, 60_000)
afterAll(async () => {
  await store.close()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

const liveFetcher = async (recordTo?: string): Promise<Fetcher> =>
  createFetcher({
    http: createHttpTransport(),
    userAgent: 'propdata-test/0.1 (+https://example.test)',
    recorder: recordTo ? await createWarcRecorder(recordTo, {}) : undefined,
  })
const wozOf = (s: Store, numId: string) =>
  s.sqlite
    .prepare('select peildatum, value from woz_values where num_id = ? order by peildatum desc')
    .all(numId)

describe('WOZ look-ups', () => {
  it('asks for each reachable home once, with the leading zero, at most once a second, and keeps every year', async () => {
    archive = join(dir, 'woz.warc.gz')
    const fetcher = await liveFetcher(archive)
    const report = await lookUpWozValues(store, 0, { fetcher, baseUrl, budget: 10, now: NOW })
    await fetcher.close()
    expect(report).toEqual({
      candidates: 4,
      lookedUp: 4,
      found: 2,
      none: 2,
      failed: 0,
      changed: 2,
      stoppedBy: null,
    })
    expect(hits.map((h) => h.path.split('/').at(-1)).sort()).toEqual(
      [DELFT.oudeDelft12a.num, DELFT.oudeDelft14_2.num, DELFT.houseboat.num, DELFT.oudeDelft7.num].sort(),
    )
    for (const path of hits.map((h) => h.path))
      expect(path).toMatch(/\/nummeraanduiding\/05032000000400\d\d$/)
    const gaps = hits.slice(1).map((h, i) => h.at - hits[i]!.at)
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(950)
    expect(wozOf(store, DELFT.oudeDelft12a.num)).toHaveLength(12)
    expect(wozOf(store, DELFT.oudeDelft12a.num)[0]).toEqual({ peildatum: '2025-01-01', value: 1_256_000 })
    expect(wozOf(store, DELFT.oudeDelft7.num)).toEqual([])
  }, 30_000)

  it('publish rewrites exactly the homes whose value changed, under a new generation', () => {
    const before = readPublication(store).generation
    const report = publishRun(store, {
      runId: 0,
      sources: [],
      withdrawAfterRuns: 2,
      priority: defaultSourcePriority,
      now: NOW,
    })
    expect(report.generation).toBe(before + 1)
    expect(report.goldenRecords).toEqual({ written: 2, unchanged: 0, removed: 0 })
    const rows = store.sqlite
      .prepare(
        'select bag_id, woz_value, woz_reference_date from golden_records where updated_generation = ? order by bag_id',
      )
      .all(report.generation)
    expect(rows).toEqual([
      { bag_id: DELFT.oudeDelft12a.vbo, woz_value: 1_256_000, woz_reference_date: '2025-01-01' },
      { bag_id: DELFT.oudeDelft14_2.vbo, woz_value: 412_000, woz_reference_date: '2025-01-01' },
    ])
  })

  it('asks nothing again while values are current and answers recent, and asks again once they are not', async () => {
    const fetcher = await liveFetcher()
    const again = await lookUpWozValues(store, 0, { fetcher, baseUrl, budget: 10, now: NOW })
    expect(again.candidates).toBe(0)
    // A month later the two without a value are due again; the two with a 2025 value are not.
    const monthLater = await lookUpWozValues(store, 0, {
      fetcher,
      baseUrl,
      budget: 1,
      now: '2026-12-24T02:00:00.000Z',
    })
    expect(monthLater).toMatchObject({ candidates: 1, lookedUp: 1 })
    await fetcher.close()
    // In 2027 the current peildatum is 2026-01-01: every home lacks it.
    expect(currentPeildatum('2027-03-01T00:00:00Z')).toBe('2026-01-01')
  }, 30_000)

  it('stops at the run’s deadline', async () => {
    const fetcher = await liveFetcher()
    const report = await lookUpWozValues(store, 0, {
      fetcher,
      baseUrl,
      budget: 10,
      now: '2027-03-01T00:00:00Z',
      signal: AbortSignal.abort(new Error('deadline')),
    })
    await fetcher.close()
    expect(report).toMatchObject({ candidates: 4, lookedUp: 0, stoppedBy: expect.stringMatching(/stopped/) })
  })

  it('replays offline from the run’s archive, giving the same values', async () => {
    const replayStore = await openStore(join(dir, 'replay.db'))
    await importDelftBag(replayStore, join(dir, 'replay'))
    listHomes(replayStore, [
      DELFT.oudeDelft12a.vbo,
      DELFT.oudeDelft14_2.vbo,
      DELFT.houseboat.lig,
      DELFT.oudeDelft7.vbo,
    ])
    const fetcher = createFetcher({
      http: await createReplayTransport([archive]),
      userAgent: 'propdata-test/0.1 (+https://example.test)',
      ignorePoliteness: true,
      sleep: async () => {},
    })
    const served = hits.length
    const report = await lookUpWozValues(replayStore, 0, { fetcher, baseUrl, budget: 10, now: NOW })
    await fetcher.close()
    expect(hits.length).toBe(served) // nothing reached the server
    expect(report).toMatchObject({ found: 2, none: 2, failed: 0 })
    expect(wozOf(replayStore, DELFT.oudeDelft12a.num)).toEqual(wozOf(store, DELFT.oudeDelft12a.num))
    await replayStore.close()
  }, 30_000)
})
