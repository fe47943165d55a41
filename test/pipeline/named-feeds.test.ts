import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../src/config.js'
import { runCli, startCli } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir('propdata-named-feeds-')
const db = join(dir, 'propdata.db')
const KEY = 'named-feeds-test-key-0123456789'
// A listing is withdrawn after one complete run of its source without it: the quickest way to see a wrong withdrawal.
const env = { PROPDATA_DATA_DIR: dir, PROPDATA_API_KEYS: KEY, PROPDATA_WITHDRAW_AFTER: '1' }
const children: { kill(): void }[] = []
afterAll(() => {
  for (const child of children) child.kill()
})

/** The sample's partner feed, split into two partners' files. */
const SAMPLE_FEED = join(PROJECT_ROOT, 'data', 'sample', 'feed', 'partner-feed.csv')
const [HEADER, ...ROWS] = readFileSync(SAMPLE_FEED, 'utf8').trimEnd().split('\n') as [string, ...string[]]
const feedFile = (name: string, rows: readonly string[]) => {
  const path = join(dir, name)
  writeFileSync(path, `${[HEADER, ...rows].join('\n')}\n`)
  return path
}
const acme = feedFile('acme.csv', ROWS.slice(0, 20))
const beta = feedFile('beta.csv', ROWS.slice(20))

interface Report {
  sources: { source: string; status: string; listings: number; new: number; withdrawn: number }[]
}
const ingest = async (...feeds: string[]) => {
  const result = await runCli(['ingest', ...feeds.flatMap((f) => ['--feed', f]), '--db', db, '--json'], env)
  return { ...result, report: result.stdout ? (JSON.parse(result.stdout) as Report) : null }
}

/** Active listings per source id. */
const active = (): Record<string, number> => {
  const sqlite = new BetterSqlite3(db, { readonly: true })
  try {
    const rows = sqlite
      .prepare("select source_id, count(*) as n from observations where status = 'active' group by source_id")
      .all() as { source_id: string; n: number }[]
    return Object.fromEntries(rows.map((r) => [r.source_id, r.n]))
  } finally {
    sqlite.close()
  }
}

describe('--feed NAME=PATH: each partner file is a source of its own', () => {
  let acmeListings = 0
  let betaListings = 0

  it('two partners read in two runs do not withdraw each other', async () => {
    const first = await ingest(`acme=${acme}`)
    expect(first.code, first.stderr).toBe(0)
    acmeListings = first.report!.sources[0]!.listings
    expect(first.report!.sources).toEqual([
      expect.objectContaining({ source: 'acme', status: 'ok', new: acmeListings }),
    ])

    const second = await ingest(`beta=${beta}`)
    expect(second.code, second.stderr).toBe(0)
    betaListings = second.report!.sources[0]!.listings
    expect(second.report!.sources).toEqual([
      expect.objectContaining({ source: 'beta', status: 'ok', new: betaListings, withdrawn: 0 }),
    ])
    expect(active()).toEqual({ acme: acmeListings, beta: betaListings })
  }, 60_000)

  it('reads several feeds in one run, each withdrawing only what its own file no longer has', async () => {
    const shorter = feedFile('beta-shorter.csv', ROWS.slice(23))
    const run = await ingest(`acme=${acme}`, `beta=${shorter}`)
    expect(run.code, run.stderr).toBe(0)
    const by = Object.fromEntries(run.report!.sources.map((s) => [s.source, s]))
    expect(by.acme).toMatchObject({ status: 'ok', withdrawn: 0 })
    expect(by.beta!.withdrawn).toBe(betaListings - by.beta!.listings)
    expect(by.beta!.withdrawn).toBeGreaterThan(0)
    expect(active()).toEqual({ acme: acmeListings, beta: by.beta!.listings })
  }, 60_000)

  it('has its own health: a failed feed keeps its listings and leaves the other ok', async () => {
    const empty = join(dir, 'empty.csv')
    writeFileSync(empty, '')
    const failed = await ingest(`beta=${empty}`)
    expect(failed.code).toBe(1)
    expect(failed.report!.sources).toEqual([expect.objectContaining({ source: 'beta', status: 'failed' })])
    const before = active()
    expect(before.acme).toBe(acmeListings)

    const sources = JSON.parse((await runCli(['sources', '--json', '--db', db], env)).stdout) as {
      id: string
      name: string
      render: string | null
      terms: string | null
      registered: boolean
      lastRun: { status: string } | null
    }[]
    expect(sources.find((s) => s.id === 'acme')).toMatchObject({
      name: 'Partner feed acme',
      render: 'file',
      terms: 'allows',
      registered: true,
      lastRun: { status: 'ok' },
    })
    expect(sources.find((s) => s.id === 'beta')).toMatchObject({
      registered: true,
      lastRun: { status: 'failed' },
    })
    expect((await runCli(['sources', '--db', db], env)).stdout).not.toMatch(/unregistered/)

    const server = await startCli(['serve', '--db', db, '--port', '0'], /on (http:\/\/[\d.]+:\d+)/, env)
    children.push(server.child)
    const base = server.match[1]!
    const api = async (path: string) =>
      (await (await fetch(`${base}${path}`, { headers: { 'X-API-Key': KEY } })).json()) as {
        data: Record<string, unknown>[]
      }
    const listed = (await api('/v1/sources')).data
    expect(listed.find((s) => s.id === 'acme')).toMatchObject({
      kind: 'listing',
      status: 'ok',
      terms: 'allows',
      active_listings: acmeListings,
    })
    expect(listed.find((s) => s.id === 'beta')).toMatchObject({
      status: 'failed',
      active_listings: before.beta,
    })
    const listings = (await api('/v1/listings?page_size=100')).data as { sources: { name: string }[] }[]
    const names = new Set(listings.flatMap((l) => l.sources.map((s) => s.name)))
    expect([...names].sort()).toEqual(['acme', 'beta'])
  }, 60_000)

  it('keeps a bare --feed PATH the source feed', async () => {
    const bare = await ingest(acme)
    expect(bare.code, bare.stderr).toBe(0)
    expect(bare.report!.sources.map((s) => s.source)).toEqual(['feed'])
    expect(active().acme).toBe(acmeListings)
  }, 60_000)

  it('refuses a name that is another source’s, two files for one name, and a named feed run without its file', async () => {
    for (const [flags, message] of [
      [
        [`funda=${acme}`],
        'error: --feed funda=…: funda is a registered source; give the feed a name of its own\n',
      ],
      [[`bag=${acme}`], 'error: --feed bag=…: bag is a register; give the feed a name of its own\n'],
      [
        [`acme=${acme}`, `acme=${beta}`],
        'error: --feed: two files for the feed acme; each name reads one file\n',
      ],
      [
        [acme, beta],
        'error: --feed: two files for the source feed; name each partner’s file: --feed NAME=PATH\n',
      ],
    ] as const) {
      const result = await ingest(...flags)
      expect([result.code, result.stderr], flags.join(' ')).toEqual([2, message])
    }
    const withoutFile = await runCli(['ingest', '--sources', 'acme', '--db', db], env)
    expect([withoutFile.code, withoutFile.stderr]).toEqual([
      2,
      'error: acme is a partner feed: give its file with --feed acme=PATH\n',
    ])
  }, 60_000)
})
