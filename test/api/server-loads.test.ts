import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { createApiKey } from '../../src/api/api-keys.js'
import { PROJECT_ROOT } from '../../src/config.js'
import { registerSources } from '../../src/pipeline/register-catalogue.js'
import { openStore } from '../../src/store/database.js'
import { startCli } from '../helpers/cli.js'
import { ALL_SOURCES } from '../helpers/registry.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir('propdata-server-loads-')
const ROOT = pathToFileURL(PROJECT_ROOT).href
let stop = () => {}
afterAll(() => stop())

describe('propdata serve', () => {
  it('starts and lists the sources without loading any module under sources/: it reads them from the database', async () => {
    const db = join(dir, 'propdata.db')
    const store = await openStore(db)
    // What a run writes as it starts: the catalogue of every registered source.
    await registerSources(store, ALL_SOURCES, new Date().toISOString())
    const key = await createApiKey(store, 'tests')
    await store.close()
    const record = join(dir, 'loads.txt')
    const server = await startCli(
      ['serve', '--db', db, '--port', '0'],
      /on (http:\/\/[\d.]+:\d+)/,
      { PROPDATA_RECORD_LOADS: record, PROPDATA_STATUS_PUBLIC: '1' },
      ['--import', join(PROJECT_ROOT, 'test', 'helpers', 'record-loads.mjs')],
    )
    stop = () => server.child.kill()
    const base = server.match[1]!
    const sources = await fetch(`${base}/v1/sources`, { headers: { 'X-API-Key': key } })
    expect(sources.status).toBe(200)
    const body = (await sources.json()) as { data: { id: string; kind: string; terms: string | null }[] }
    const listing = body.data.filter((s) => s.kind === 'listing')
    expect(listing.map((s) => s.id)).toEqual(ALL_SOURCES.map((s) => s.id))
    expect(listing.find((s) => s.id === 'pararius')?.terms).toBe('forbids')
    expect((await fetch(`${base}/status/data.json`)).status).toBe(200)
    const loads = readFileSync(record, 'utf8').trim().split('\n')
    expect(loads).toContain(`${ROOT}/dist/src/api/app.js`)
    expect(
      loads.filter((u) => u.startsWith(`${ROOT}/dist/sources/`) || u.startsWith(`${ROOT}/sources/`)),
    ).toEqual([])
  }, 60_000)
})
