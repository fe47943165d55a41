import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../src/config.js'
import { runCli, startCli } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir('propdata-duckdb-loads-')
const db = join(dir, 'propdata.db')
const RECORDER = join(PROJECT_ROOT, 'test', 'helpers', 'record-loads.mjs')
let runs = 0

/** The environment that makes a command record every module it loads (record-loads.mjs) into a file of its own. */
function recorded(env: Record<string, string> = {}) {
  const file = join(dir, `loads-${++runs}.txt`)
  return {
    env: {
      PROPDATA_DATA_DIR: dir,
      NODE_OPTIONS: `--import ${RECORDER}`,
      PROPDATA_RECORD_LOADS: file,
      ...env,
    },
    loads: () => readFileSync(file, 'utf8').trim().split('\n'),
  }
}

const duckdb = (urls: readonly string[]) => urls.filter((u) => u.includes('/node_modules/@duckdb/'))

// DuckDB is a large native library: only `propdata export` (and an export after a publish) may load it.
describe('DuckDB is loaded by the export alone', () => {
  it('an ingest without PROPDATA_EXPORT_DIR, the API server answering every kind of route, and then an export', async () => {
    const ingest = recorded()
    const run = await runCli(['ingest', '--sample', '--db', db], ingest.env)
    expect(run.code, run.stderr).toBe(0)
    expect(ingest.loads()).toContain(`file://${PROJECT_ROOT}/dist/src/pipeline/ingest.js`)
    expect(duckdb(ingest.loads())).toEqual([])

    const key = JSON.parse((await runCli(['keys', 'create', 'tests', '--db', db, '--json'])).stdout).key
    const serve = recorded()
    const server = await startCli(['serve', '--db', db, '--port', '0'], /on (http:\/\/[\d.]+:\d+)/, serve.env)
    try {
      const base = server.match[1]!
      const get = async (path: string) => {
        const res = await fetch(`${base}${path}`, { headers: { 'X-API-Key': key } })
        expect(res.status, path).toBe(200)
        return res.json() as Promise<{ data: { bag_id: string | null }[] }>
      }
      const listings = await get('/v1/listings?page_size=5')
      const bagId = listings.data.find((l) => l.bag_id)!.bag_id
      await get(`/v1/properties/${bagId}`)
      await get('/v1/sources')
      await get('/healthz')
    } finally {
      server.child.kill()
    }
    expect(serve.loads()).toContain(`file://${PROJECT_ROOT}/dist/src/api/app.js`)
    expect(duckdb(serve.loads())).toEqual([])

    // The recorder sees DuckDB where it is loaded: the test above can fail.
    const exporting = recorded()
    const exported = await runCli(['export', '--to', join(dir, 'out'), '--db', db, '--quiet'], exporting.env)
    expect(exported.code, exported.stderr).toBe(0)
    expect(duckdb(exporting.loads())).not.toEqual([])
  }, 300_000)
})
