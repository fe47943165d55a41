import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { countEvidence } from '../../src/kit/evidence.js'
import { runCli, startCli } from '../helpers/cli.js'
import { ALL_SOURCES } from '../helpers/registry.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir()
const db = join(dir, 'propdata.db')
const env = { PROPDATA_DATA_DIR: dir }
const children: { kill(): void }[] = []
afterAll(() => {
  for (const child of children) child.kill()
})

describe('end to end: the sample through the CLI and the served API', () => {
  let firstIds: string[] = []

  it('ingest --sample replays the archive, publishes, and exits 0 with a JSON report', async () => {
    const result = await runCli(['ingest', '--sample', '--db', db, '--json'], env)
    expect(result.code, result.stderr).toBe(0)
    const report = JSON.parse(result.stdout)
    expect(report).toMatchObject({ status: 'succeeded', exitCode: 0, mode: 'sample', problems: [] })
    expect(report.sources[0]).toMatchObject({ source: 'pararius', status: 'ok', rejected: 0 })
    expect(report.sources[0].listings).toBeGreaterThanOrEqual(200)
  }, 120_000)

  it('serves the result over real HTTP to a key made with `keys create`', async () => {
    const created = await runCli(['keys', 'create', 'client-a', '--db', db, '--json'], env)
    expect(created.code, created.stderr).toBe(0)
    const { key } = JSON.parse(created.stdout) as { key: string }
    const server = await startCli(['serve', '--db', db, '--port', '0'], /on (http:\/\/[\d.]+:\d+)/, env)
    children.push(server.child)
    const base = server.match[1]!
    expect((await fetch(`${base}/v1/listings`)).status).toBe(401)
    const res = await fetch(`${base}/v1/listings?city=amsterdam&page_size=100`, {
      headers: { 'X-API-Key': key },
    })
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      data: { id: string; bag_id: string | null }[]
      meta: { total: number }
    }
    expect(body.meta.total).toBeGreaterThan(20)
    firstIds = body.data.map((l) => l.id)
    const bagId = body.data.find((l) => l.bag_id)!.bag_id!
    const record = await fetch(`${base}/v1/properties/${bagId}`, { headers: { 'X-API-Key': key } })
    expect(record.status).toBe(200)
    expect(((await record.json()) as { bag_id: string }).bag_id).toBe(bagId)

    const list = JSON.parse((await runCli(['keys', 'list', '--db', db, '--json'], env)).stdout) as {
      name: string
    }[]
    expect(list.map((k) => k.name)).toEqual(['client-a'])
    expect(JSON.stringify(list)).not.toContain(key)
    expect((await runCli(['keys', 'revoke', 'client-a', '--db', db], env)).code).toBe(0)
    await new Promise((r) => setTimeout(r, 5_200))
    expect((await fetch(`${base}/v1/listings`, { headers: { 'X-API-Key': key } })).status).toBe(401)
  }, 120_000)

  it('a second run of the same data keeps every listing id and adds nothing', async () => {
    const result = await runCli(['ingest', '--sample', '--db', db, '--json'], env)
    const report = JSON.parse(result.stdout)
    expect(report.sources[0]).toMatchObject({ new: 0, updated: 0, withdrawn: 0 })
    const key = JSON.parse((await runCli(['keys', 'create', 'client-b', '--db', db, '--json'], env)).stdout)
      .key as string
    const server = await startCli(['serve', '--db', db, '--port', '0'], /on (http:\/\/[\d.]+:\d+)/, env)
    children.push(server.child)
    const body = (await (
      await fetch(`${server.match[1]}/v1/listings?city=amsterdam&page_size=100`, {
        headers: { 'X-API-Key': key },
      })
    ).json()) as {
      data: { id: string }[]
    }
    expect(body.data.map((l) => l.id).sort()).toEqual([...firstIds].sort())
  }, 120_000)

  it('serves the sites on platform presets, each with its last run, some homes merged with Pararius', async () => {
    const key = JSON.parse((await runCli(['keys', 'create', 'client-c', '--db', db, '--json'], env)).stdout)
      .key as string
    const server = await startCli(['serve', '--db', db, '--port', '0'], /on (http:\/\/[\d.]+:\d+)/, env)
    children.push(server.child)
    const get = async (path: string) =>
      (await fetch(`${server.match[1]}${path}`, { headers: { 'X-API-Key': key } })).json()
    const sources = (await get('/v1/sources')) as {
      data: { id: string; active_listings: number; last_run: unknown }[]
    }
    const shown: Record<string, string[][]> = {}
    for (let page = 1; ; page++) {
      const { data } = (await get(`/v1/listings?page_size=100&page=${page}`)) as {
        data: { sources: { name: string }[] }[]
      }
      if (data.length === 0) break
      for (const listing of data) {
        const names = listing.sources.map((s) => s.name)
        for (const name of names) shown[name] = [...(shown[name] ?? []), names]
      }
    }
    for (const id of ['verra-makelaars', 'plaza']) {
      expect(sources.data.find((s) => s.id === id)).toMatchObject({
        active_listings: expect.any(Number),
        last_run: { requests: { list: 1 } },
      })
      expect(shown[id]?.length).toBeGreaterThanOrEqual(20)
      expect(shown[id]?.filter((names) => names.includes('pararius')).length).toBeGreaterThan(0)
    }
  }, 120_000)

  it('answers a listing id merged into another with the listing it became, and an unknown id with 404', async () => {
    const sqlite = new BetterSqlite3(db, { readonly: true })
    const aliases = sqlite
      .prepare('select listing_id as id, survivor_id as survivor from listing_aliases order by listing_id')
      .all() as { id: number; survivor: number }[]
    const unknown = sqlite
      .prepare(
        'select max(id) + 1000 from (select id from listings union all select listing_id from listing_aliases)',
      )
      .pluck()
      .get() as number
    sqlite.close()
    // The sample's homes two sites show without the number (Pararius and Huurwoningen, the feed and Funda).
    expect(aliases.length).toBeGreaterThanOrEqual(10)
    const key = JSON.parse((await runCli(['keys', 'create', 'client-d', '--db', db, '--json'], env)).stdout)
      .key as string
    const server = await startCli(['serve', '--db', db, '--port', '0'], /on (http:\/\/[\d.]+:\d+)/, env)
    children.push(server.child)
    const get = (id: number) =>
      fetch(`${server.match[1]}/v1/listings/lis_${id}`, { headers: { 'X-API-Key': key }, redirect: 'manual' })
    for (const { id, survivor } of aliases) {
      const res = await get(id)
      expect(res.status, `lis_${id}`).toBe(200)
      expect(res.headers.get('content-location')).toBe(`lis_${survivor}`)
      const body = (await res.json()) as { id: string; sources: { name: string }[] }
      expect(body.id).toBe(`lis_${survivor}`)
      expect(new Set(body.sources.map((s) => s.name)).size).toBeGreaterThanOrEqual(2)
    }
    const missing = await get(unknown)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('content-type')).toMatch(/^application\/problem\+json/)
  }, 120_000)
})

describe('the CLI contract', () => {
  it('exits 2 on bad usage', async () => {
    expect((await runCli(['bogus'], env)).code).toBe(2)
    expect((await runCli(['ingest', '--nope'], env)).code).toBe(2)
    expect((await runCli(['ingest', '--sources', 'nope', '--db', db], env)).code).toBe(2)
    expect((await runCli(['import', 'bag', join(dir, 'missing.zip'), '--db', db], env)).code).toBe(2)
  }, 60_000)
  it('prints --help for every command and exits 0', async () => {
    for (const command of [
      [],
      ['ingest'],
      ['import', 'bag'],
      ['serve'],
      ['keys', 'create'],
      ['keys', 'list'],
      ['keys', 'revoke'],
      ['sources'],
      ['start'],
    ]) {
      const result = await runCli([...command, '--help'], env)
      expect(result.code, command.join(' ')).toBe(0)
      expect(result.stdout).toMatch(/Usage: propdata/)
    }
  }, 60_000)
  it('`sources --json` lists every source with its kind, render mode and last run', async () => {
    const rows = JSON.parse((await runCli(['sources', '--db', db, '--json'], env)).stdout) as {
      id: string
      kind: string
      render: string
      lastRun: unknown
    }[]
    expect(rows.find((r) => r.id === 'pararius')).toMatchObject({
      kind: 'listing',
      render: 'http',
      terms: 'forbids',
      evidence: { kind: 'recorded', fixture: 'list-delft-excerpt.html', recorded: '2026-09-24' },
      preset: null,
      regions: null,
      lastRun: { status: 'ok' },
    })
    // The same registers as /v1/sources: the sample's first run imported its BAG and label file (a run of each
    // register), and its runs looked up WOZ values.
    expect(rows.filter((r) => r.kind === 'register').map((r) => r.id)).toEqual(['bag', 'ep-online', 'woz'])
    expect(rows.find((r) => r.id === 'bag')).toMatchObject({
      render: 'file',
      evidence: null,
      lastRun: { status: 'ok' },
    })
    expect(rows.find((r) => r.id === 'ep-online')).toMatchObject({
      render: 'file',
      lastRun: { status: 'ok' },
    })
    expect(rows.find((r) => r.id === 'woz')).toMatchObject({
      render: 'http',
      lastRun: { status: 'ok', listings: null },
      lastSuccessAt: expect.any(String),
    })
  }, 60_000)
  it("`sources` shows each source's terms and evidence in columns, and counts the evidence by kind", async () => {
    const lines = (await runCli(['sources', '--db', db], env)).stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^source +kind +render +terms +evidence +preset +regions +last run$/)
    expect(lines.find((l) => l.startsWith('funda '))).toMatch(
      /^funda +listing +browser +forbids +recorded 2026-09-24 +— +whole country +ok at /,
    )
    expect(lines.find((l) => l.startsWith('verra-makelaars '))).toMatch(
      /^verra-makelaars +listing +http +unknown +recorded 2026 +ogonline +Den Haag, Rotterdam, Delft \+15 more +ok at /,
    )
    expect(lines.find((l) => l.startsWith('wooniezie '))).toMatch(
      /^wooniezie +listing +http +unknown +platform-format \(holland-rijnland\) +zig +Eindhoven, /,
    )
    expect(lines.find((l) => l.startsWith('bag '))).toMatch(/^bag +register +file +— +— +— +— +ok at /)
    const counts = countEvidence(ALL_SOURCES.map((s) => s.evidence))
    expect(lines.at(-1)).toBe(
      `Evidence: ${counts.recorded} recorded, ${counts['platform-format']} platform-format, ${counts.none} none (docs/evidence.md)`,
    )
  }, 60_000)
})
