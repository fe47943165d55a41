import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFetcher, createHttpTransport, type Fetcher } from '../../src/fetch/index.js'
import { lookUpEnergyLabels } from '../../src/registers/look-up-energy-labels.js'
import { takeRegisterChanges } from '../../src/registers/register-changes.js'
import { openStore, type Store } from '../../src/store/database.js'
import { useTempDir } from '../helpers/temp-dir.js'
import { DELFT, importDelftBag, listHomes } from './delft-bag.js'

const dir = useTempDir()
const KEY = 'test-ep-online-key'
const answer = readFileSync(
  join(
    import.meta.dirname,
    '../../src/registers/ep-online/fixtures/api-adresseerbaarobject-0503010000003325.SYNTHETIC.json',
  ),
  'utf8',
)
const seen: { path: string; authorization: string | undefined }[] = []
const server = createServer((req, res) => {
  if (req.url === '/robots.txt') return res.writeHead(404).end()
  seen.push({ path: req.url ?? '', authorization: req.headers.authorization })
  if (req.headers.authorization !== KEY) return res.writeHead(401).end('{"message":"Unauthorized"}')
  if (req.url?.endsWith(`/PandEnergielabel/AdresseerbaarObject/${DELFT.oudeDelft12a.vbo}`))
    return res.writeHead(200, { 'content-type': 'application/json' }).end(answer)
  res.writeHead(404).end()
})
let baseUrl = ''
let store: Store
const fetcher = (): Fetcher =>
  createFetcher({ http: createHttpTransport(), userAgent: 'propdata-test/0.1 (+https://example.test)' })

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v5`
  store = await openStore(join(dir, 'ep.db'))
  await importDelftBag(store, dir)
  listHomes(store, [DELFT.oudeDelft12a.vbo, DELFT.oudeDelft14_2.vbo])
}, 60_000)
afterAll(async () => {
  await store.close()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

describe('EP-Online API look-ups (with a key)', () => {
  it('stops at once when the key is refused, recording nothing', async () => {
    const f = fetcher()
    const report = await lookUpEnergyLabels(store, 0, {
      fetcher: f,
      key: 'wrong',
      baseUrl,
      budget: 10,
      now: '2026-11-22T00:00:00Z',
    })
    await f.close()
    expect(report).toMatchObject({ lookedUp: 0, stoppedBy: expect.stringMatching(/401.*key/) })
    expect(store.sqlite.prepare('select count(*) as n from energy_label_lookups').get()).toEqual({ n: 0 })
  })

  it('asks per object with the key in Authorization, keeps the label that counts, and 404 is no label', async () => {
    seen.length = 0
    const f = fetcher()
    const report = await lookUpEnergyLabels(store, 0, {
      fetcher: f,
      key: KEY,
      baseUrl,
      budget: 10,
      now: '2026-11-22T00:00:00Z',
    })
    await f.close()
    expect(report).toEqual({
      candidates: 2,
      lookedUp: 2,
      found: 1,
      none: 1,
      failed: 0,
      changed: 1,
      stoppedBy: null,
    })
    expect(seen.every((s) => s.authorization === KEY)).toBe(true)
    expect(seen.map((s) => s.path).sort()).toEqual([
      `/api/v5/PandEnergielabel/AdresseerbaarObject/${DELFT.oudeDelft12a.vbo}`,
      `/api/v5/PandEnergielabel/AdresseerbaarObject/${DELFT.oudeDelft14_2.vbo}`,
    ])
    // The 2016 label expired in March 2026; the 2024 registration counts.
    expect(
      store.sqlite.prepare('select object_id, label, registered_at, origin from energy_labels').all(),
    ).toEqual([{ object_id: DELFT.oudeDelft12a.vbo, label: 'C', registered_at: '2024-05-02', origin: 'api' }])
    expect(takeRegisterChanges(store)).toEqual([DELFT.oudeDelft12a.vbo])
  })

  it('asks nothing again for a home with a label or one asked recently, and keeps to its budget', async () => {
    const f = fetcher()
    expect(
      (
        await lookUpEnergyLabels(store, 0, {
          fetcher: f,
          key: KEY,
          baseUrl,
          budget: 10,
          now: '2026-11-23T00:00:00Z',
        })
      ).candidates,
    ).toBe(0)
    listHomes(store, [DELFT.oudeDelft7.vbo, DELFT.houseboat.lig])
    const report = await lookUpEnergyLabels(store, 0, {
      fetcher: f,
      key: KEY,
      baseUrl,
      budget: 1,
      now: '2026-11-23T00:00:00Z',
    })
    await f.close()
    expect(report).toMatchObject({ candidates: 1, lookedUp: 1 })
  })
})
