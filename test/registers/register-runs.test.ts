import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runCli, startCli } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir('propdata-register-runs-')
const db = join(dir, 'propdata.db')
const KEY = 'register-runs-key-0123456789'
const env = { PROPDATA_DATA_DIR: dir, PROPDATA_API_KEYS: KEY }
const children: { kill(): void }[] = []
afterAll(() => {
  for (const child of children) child.kill()
})

/** Where an operator keeps the files they import: a path the API must never show its clients. */
const uploads = join(dir, 'operator-uploads', 'private')
mkdirSync(uploads, { recursive: true })

interface ApiSource {
  id: string
  status: string | null
  last_run: { run_id: number; message: string | null } | null
  last_success: string | null
  data_as_of: string | null
  loaded_at: string | null
}
interface CliSource {
  id: string
  lastRun: { runId: number; status: string | null; message: string | null } | null
  lastSuccessAt: string | null
  dataAsOf: string | null
  loadedAt: string | null
}

let base = ''
const apiSources = async () => {
  if (!base) {
    const server = await startCli(['serve', '--db', db, '--port', '0'], /on (http:\/\/[\d.]+:\d+)/, env)
    children.push(server.child)
    base = server.match[1]!
  }
  const res = await fetch(`${base}/v1/sources`, { headers: { 'X-API-Key': KEY } })
  return ((await res.json()) as { data: ApiSource[] }).data
}
const cliSources = async () =>
  JSON.parse((await runCli(['sources', '--db', db, '--json'], env)).stdout) as CliSource[]

describe('register imports are runs of their register, and the data in use is shown with its age', () => {
  let bagBefore: ApiSource

  it("records the sample's BAG and label imports as runs of bag and ep-online", async () => {
    const ingest = await runCli(['ingest', '--sample', '--db', db], env)
    expect(ingest.code, ingest.stderr).toBe(0)
    const runs = JSON.parse((await runCli(['runs', '--db', db, '--json'], env)).stdout) as {
      kind: string
      mode: string
      status: string
      sources: string[]
    }[]
    expect(runs.map((r) => [r.kind, r.mode, r.status, r.sources.join()])).toEqual([
      ['ingest', 'sample', 'succeeded', 'pararius,funda,huurwoningen,kamernet,verra-makelaars,plaza,feed'],
      ['import-energy-labels', 'sample', 'succeeded', 'ep-online'],
      ['import-bag', 'sample', 'succeeded', 'bag'],
    ])

    const api = await apiSources()
    bagBefore = api.find((s) => s.id === 'bag')!
    for (const id of ['bag', 'ep-online']) {
      const register = api.find((s) => s.id === id)!
      expect(register.status, id).toBe('ok')
      expect(register.last_success, id).toEqual(expect.any(String))
      expect(register.loaded_at, id).toEqual(expect.any(String))
    }
    expect(bagBefore.data_as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    const cli = (await cliSources()).find((s) => s.id === 'bag')!
    expect(cli).toMatchObject({
      lastRun: { status: 'ok' },
      lastSuccessAt: bagBefore.last_success,
      dataAsOf: bagBefore.data_as_of,
      loadedAt: bagBefore.loaded_at,
    })
    const text = (await runCli(['sources', '--db', db], env)).stdout
    expect(text).toMatch(new RegExp(`^bag .*ok at .*; data as of ${bagBefore.data_as_of}, loaded `, 'm'))
  }, 120_000)

  it('a failed import shows failed, yet the last success and the data in use stay those of the loaded BAG', async () => {
    const empty = join(uploads, 'bag-extract')
    mkdirSync(empty)
    const result = await runCli(['import', 'bag', empty, '--db', db], env)
    expect(result.code).toBe(1)
    const bag = (await apiSources()).find((s) => s.id === 'bag')!
    expect(bag).toMatchObject({
      status: 'failed',
      last_success: bagBefore.last_success,
      data_as_of: bagBefore.data_as_of,
      loaded_at: bagBefore.loaded_at,
      last_run: { message: expect.stringMatching(/No BAG objects found in bag-extract/) },
    })
    expect(bag.last_run!.run_id).toBeGreaterThan(bagBefore.last_run!.run_id)
    expect(bag.last_run!.message).not.toContain(dir)
    // The operator's own commands keep the whole path.
    const cli = (await cliSources()).find((s) => s.id === 'bag')!
    expect(cli.lastRun!.message).toContain(empty)
  }, 60_000)

  it('no message in /v1/sources carries a server file path', async () => {
    const emptyFeed = join(uploads, 'partner feed.csv')
    writeFileSync(emptyFeed, '')
    const result = await runCli(['ingest', '--sources', 'feed', '--feed', emptyFeed, '--db', db], env)
    expect(result.code).toBe(1)
    const labels = join(uploads, 'labels.csv')
    writeFileSync(labels, 'a,b\n1,2\n')
    expect((await runCli(['import', 'energy-labels', labels, '--db', db], env)).code).toBe(1)

    const api = await apiSources()
    expect(api.find((s) => s.id === 'feed')!.last_run!.message).toMatch(/empty: partner feed\.csv$/)
    for (const source of api) {
      expect(source.last_run?.message ?? '', source.id).not.toContain(dir)
      expect(source.last_run?.message ?? '', source.id).not.toContain('operator-uploads')
    }
  }, 60_000)
})
