import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../src/config.js'
import { openStore } from '../../src/store/database.js'
import { runCli } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir()
const db = join(dir, 'feed.db')
const env = { PROPDATA_DATA_DIR: dir }
const fixture = (name: string) => join(PROJECT_ROOT, 'sources', 'feed', 'fixtures', name)

describe('propdata ingest --sources feed --feed FILE', () => {
  it('reads the file, stores the good rows and the rejects with their line numbers, and reports both', async () => {
    const result = await runCli(
      ['ingest', '--sources', 'feed', '--feed', fixture('hostile.csv'), '--db', db, '--json'],
      env,
    )
    // 9 of its 10 rows are rejected: the run publishes the good one but is degraded (exit 3).
    expect(result.code, result.stderr).toBe(3)
    const report = JSON.parse(result.stdout)
    expect(report.sources).toEqual([
      expect.objectContaining({
        source: 'feed',
        status: 'degraded',
        pages: 1,
        listings: 1,
        rejected: 9,
        new: 1,
      }),
    ])
    const store = await openStore(db, { readonly: true })
    try {
      const rejects = await store.db
        .selectFrom('rejects')
        .select(['source_id', 'reason'])
        .orderBy('id')
        .execute()
      expect(rejects).toHaveLength(9)
      expect(rejects[0]).toEqual({
        source_id: 'feed',
        reason: expect.stringMatching(/^line 2: price: missing/),
      })
    } finally {
      await store.close()
    }
  }, 60_000)
  it('is bad usage without --feed, or with a file that does not exist', async () => {
    expect((await runCli(['ingest', '--sources', 'feed', '--db', db], env)).code).toBe(2)
    expect(
      (await runCli(['ingest', '--sources', 'feed', '--feed', join(dir, 'nope.csv'), '--db', db], env)).code,
    ).toBe(2)
  }, 60_000)
  it('fails on an empty file (exit 1: nothing published) and keeps what the feed published before', async () => {
    writeFileSync(join(dir, 'empty.csv'), '')
    const result = await runCli(
      ['ingest', '--sources', 'feed', '--feed', join(dir, 'empty.csv'), '--db', db, '--json'],
      env,
    )
    expect(result.code).toBe(1)
    const report = JSON.parse(result.stdout)
    expect(report).toMatchObject({ status: 'failed', generation: null })
    expect(report.sources[0]).toMatchObject({ status: 'failed', message: expect.stringMatching(/empty/) })
    const store = await openStore(db, { readonly: true })
    try {
      const active = await store.db
        .selectFrom('listings')
        .select('id')
        .where('status', '=', 'active')
        .execute()
      expect(active).toHaveLength(1)
    } finally {
      await store.close()
    }
  }, 60_000)
})

describe('propdata ingest --feed FILE, with and without --sources', () => {
  const sourcesOf = (stdout: string) =>
    (JSON.parse(stdout) as { sources: { source: string }[] }).sources.map((s) => s.source).sort()

  it('without --sources reads the feed and nothing else: no site is crawled', async () => {
    const result = await runCli(
      ['ingest', '--feed', fixture('partner-amsterdam.csv'), '--db', join(dir, 'alone.db'), '--json'],
      env,
    )
    expect(result.code, result.stderr).toBe(0)
    expect(sourcesOf(result.stdout)).toEqual(['feed'])
  }, 60_000)

  it('with --sources reads those and the feed', async () => {
    const result = await runCli(
      [
        'ingest',
        '--replay',
        join(PROJECT_ROOT, 'data', 'sample', 'archive.warc.gz'),
        '--sources',
        'kamernet',
        '--cities',
        'Amsterdam',
        '--feed',
        fixture('partner-amsterdam.csv'),
        '--db',
        join(dir, 'both.db'),
        '--json',
      ],
      env,
    )
    expect(result.code, result.stderr).toBe(0)
    expect(sourcesOf(result.stdout)).toEqual(['feed', 'kamernet'])
  }, 60_000)
})
