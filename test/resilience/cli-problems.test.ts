import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { beforeAll, describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../src/config.js'
import { createWarcRecorder } from '../../src/fetch/archive/warc-recorder.js'
import { runCli } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp-dir.js'
import { startWatchedCli } from './ingest-child.js'

const dir = useTempDir('propdata-cli-problems-')
const db = join(dir, 'propdata.db')
const env = { PROPDATA_DATA_DIR: dir }
const feed = join(PROJECT_ROOT, 'sources', 'feed', 'fixtures', 'partner-amsterdam.csv')
const archive = join(dir, 'blocked.warc.gz')
const SEARCH = 'https://www.pararius.com/apartments/amsterdam'
const KEPT = '; failed and blocked sources keep their previous data'

const activeOf = (source: string) => {
  const sqlite = new BetterSqlite3(db, { readonly: true })
  try {
    return (
      sqlite
        .prepare("select count(*) as n from observations where source_id = ? and status = 'active'")
        .get(source) as { n: number }
    ).n
  } finally {
    sqlite.close()
  }
}

beforeAll(async () => {
  // A recorded night on which Pararius answered its search page with Cloudflare's challenge (HTTP 200).
  const recorder = await createWarcRecorder(archive, { 'propdata-run': 'test' })
  await recorder.record(
    { url: SEARCH },
    {
      url: SEARCH,
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: '<!doctype html><html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>',
      fetchedAt: new Date().toISOString(),
      rendered: false,
    },
  )
  await recorder.close()
  // What the blocked night must keep: Pararius's listings from an earlier, good run.
  // The feed is the one the blocked nights read: a smaller one would be a collapse of the feed (degraded).
  const first = await runCli(
    ['ingest', '--sample', '--sources', 'pararius,feed', '--feed', feed, '--db', db],
    env,
  )
  expect(first.code, first.stderr).toBe(0)
}, 120_000)

const blockedRun = (...extra: string[]) =>
  runCli(
    [
      'ingest',
      '--replay',
      archive,
      '--cities',
      'Amsterdam',
      '--sources',
      'pararius,feed',
      '--feed',
      feed,
      '--db',
      db,
      ...extra,
    ],
    env,
  )

describe('a run in which a source goes wrong, through the command line', () => {
  it('exits 3 and ends with the one line that names the source and why; the source keeps its listings', async () => {
    const before = activeOf('pararius')
    expect(before).toBeGreaterThan(100)
    const result = await blockedRun()
    expect(result.code, result.stderr).toBe(3)
    const lines = result.stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^Run \d+ partial in [\d.]+ s; published generation \d+$/)
    expect(lines.at(-1)).toMatch(
      new RegExp(
        `^Run \\d+ partial \\(exit 3\\): pararius: blocked: Blocked by cloudflare-challenge at ${SEARCH}${KEPT}$`,
      ),
    )
    expect(activeOf('pararius')).toBe(before)
  }, 60_000)

  it('with --json: the report on stdout lists the problem; the same line is a warning in the JSON log', async () => {
    const result = await blockedRun('--json')
    expect(result.code, result.stderr).toBe(3)
    const report = JSON.parse(result.stdout) as { runId: number; status: string; problems: string[] }
    expect(report).toMatchObject({
      status: 'partial',
      exitCode: 3,
      problems: [`pararius: blocked: Blocked by cloudflare-challenge at ${SEARCH}`],
    })
    const log = result.stderr
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: number; msg: string })
    expect(log.at(-1)).toMatchObject({
      level: 40,
      msg: `Run ${report.runId} partial (exit 3): ${report.problems[0]}${KEPT}`,
    })
    // `propdata runs` shows it as the run's first problem.
    const runs = await runCli(['runs', '--db', db], env)
    expect(runs.stdout).toMatch(new RegExp(`\\b${report.runId}\\b.*partial.*  ${report.problems[0]}`))
  }, 60_000)

  it('exits 1 with the same kind of line when every source failed, and publishes nothing', async () => {
    const sqlite = new BetterSqlite3(db, { readonly: true })
    const generation = () =>
      (sqlite.prepare('select generation from publication').get() as { generation: number }).generation
    try {
      const before = generation()
      const result = await runCli(
        ['ingest', '--replay', archive, '--cities', 'Amsterdam', '--sources', 'pararius', '--db', db],
        env,
      )
      expect(result.code, result.stderr).toBe(1)
      expect(result.stdout.trimEnd().split('\n').at(-1)).toMatch(
        new RegExp(
          `^Run \\d+ failed \\(exit 1\\): pararius: blocked: Blocked by cloudflare-challenge at ${SEARCH}${KEPT}$`,
        ),
      )
      expect(generation()).toBe(before)
    } finally {
      sqlite.close()
    }
  }, 60_000)

  it('SIGTERM right after the start: stopped with exit 3 (asked for, not a failure), nothing withdrawn', async () => {
    const before = activeOf('pararius')
    const run = startWatchedCli(['ingest', '--sample', '--db', db], env)
    try {
      await run.waitFor(/Run \d+ started/)
      run.child.kill('SIGTERM')
      expect(await run.exited, run.output()).toBe(3)
    } finally {
      await run.kill()
    }
    expect(run.output()).toMatch(/SIGTERM: stopping; publishing what finished/)
    // Sources stopped alike share one part of the line: "3 sources stopped: Stopped before … (pararius, …)".
    expect(run.output()).toMatch(
      /^Run \d+ stopped \(exit 3\): (\d+ sources|[\w-]+:) stopped: Stopped before/m,
    )
    expect(activeOf('pararius')).toBe(before)
  }, 60_000)
})
