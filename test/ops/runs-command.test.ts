import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { reportRun } from '../../src/cli/commands/ingest.js'
import type { RunReport } from '../../src/pipeline/ingest.js'
import { openStore } from '../../src/store/database.js'
import { createRun, finishRun, insertRejects, recordRunSource } from '../../src/store/runs.repository.js'
import { runCli } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir()
const db = join(dir, 'propdata.db')
const env = { PROPDATA_DATA_DIR: dir }

const BLOCKED_MESSAGE = 'Blocked by cloudflare-challenge at https://www.pararius.com/huurwoningen/amsterdam'

/** Adds a run in which pararius was blocked after rejecting two rows, as a live run would record it. */
async function addBlockedRun(): Promise<number> {
  const store = await openStore(db)
  try {
    const runId = await createRun(store, {
      kind: 'ingest',
      mode: 'live',
      sources: 'pararius',
      startedAt: new Date().toISOString(),
    })
    await recordRunSource(store, {
      run_id: runId,
      source_id: 'pararius',
      status: 'blocked',
      pages: 3,
      pages_failed: 1,
      listings: 2,
      new_listings: 0,
      updated_listings: 0,
      withdrawn_listings: 0,
      rejected: 2,
      errors: 1,
      duration_ms: 1_500,
      message: BLOCKED_MESSAGE,
    })
    const reject = {
      runId,
      sourceId: 'pararius',
      url: 'https://www.pararius.com/x',
      reason: 'priceEur: required',
      payload: {},
    }
    await insertRejects(store, [reject, reject])
    await finishRun(store, runId, {
      status: 'partial',
      exitCode: 3,
      report: {
        runId,
        durationMs: 1_600,
        generation: null,
        archive: join(dir, 'archives', 'run-000002.warc.gz'),
        problems: [`pararius: blocked: ${BLOCKED_MESSAGE}`],
        sources: [{ source: 'pararius', pagesNotModified: 2 }],
        timings: { normaliseMs: 1.2 },
      },
      finishedAt: new Date().toISOString(),
    })
    return runId
  } finally {
    await store.close()
  }
}

describe('propdata runs', () => {
  it('lists runs newest first, as text and as JSON, and shows one in detail', async () => {
    expect((await runCli(['ingest', '--sample', '--db', db, '--quiet'], env)).code).toBe(0)
    const blockedId = await addBlockedRun()

    const list = await runCli(['runs', '--db', db, '--json', '--limit', '5'], env)
    expect(list.code, list.stderr).toBe(0)
    const rows = JSON.parse(list.stdout) as { id: number; status: string; problems: string[] }[]
    // The sample run's imports of its BAG and label file are runs 1 and 2; its ingest is run 3.
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      [blockedId, 'partial'],
      [3, 'succeeded'],
      [2, 'succeeded'],
      [1, 'succeeded'],
    ])
    const text = await runCli(['runs', '--db', db], env)
    expect(text.stdout).toMatch(
      new RegExp(
        `^ *${blockedId}  \\S+  ingest +partial +3 .* pararius +pararius: blocked: Blocked by cloudflare`,
        'm',
      ),
    )

    const show = await runCli(['runs', 'show', String(blockedId), '--db', db], env)
    expect(show.code, show.stderr).toBe(0)
    expect(show.stdout).toContain(
      [
        '  source    status   pages  not modified  failed pages  listings  new  updated  withdrawn  rejected  errors   took',
        '  pararius  blocked      3             2             1         2    0        0          0         2       1  1.5 s',
        `      ${BLOCKED_MESSAGE}`,
      ].join('\n'),
    )
    expect(show.stdout).toContain(`Problems:\n  pararius: blocked: ${BLOCKED_MESSAGE}`)
    expect(show.stdout).toContain('archive ')
    expect(show.stdout).toMatch(/Rejected rows: 2\n\s+2 {2}pararius: priceEur: required/)

    const json = JSON.parse((await runCli(['runs', 'show', '3', '--db', db, '--json'], env)).stdout)
    expect(json).toMatchObject({
      id: 3,
      status: 'succeeded',
      perSource: expect.arrayContaining([
        expect.objectContaining({ source_id: 'pararius', listings: 300, pages_not_modified: 0 }),
      ]),
    })
  }, 90_000)

  it('keeps every column apart, however long a run kind or status', async () => {
    const notLabels = join(dir, 'not-labels.csv')
    writeFileSync(notLabels, 'a,b\n1,2\n')
    expect((await runCli(['import', 'energy-labels', notLabels, '--db', db], env)).code).toBe(1)
    const text = await runCli(['runs', '--db', db], env)
    const [heading, latest] = text.stdout.split('\n')
    expect(heading).toMatch(/^ *id {2}started +kind +status +exit {2}duration {2}gen {2}sources +problem$/)
    expect(latest).toMatch(
      /^ *\d+ {2}\S+ {2}import-energy-labels {2}failed +1 +[\d.]+ s +— {2}ep-online +Not an EP-Online/,
    )
    // Each column starts where its heading does.
    for (const name of ['kind', 'status', 'sources', 'problem']) {
      const at = heading!.indexOf(` ${name}`) + 1
      expect(latest![at - 1], name).toBe(' ')
      expect(latest![at], name).not.toBe(' ')
    }
  }, 60_000)

  it('exits 1 for an unknown run and 2 for a malformed id or limit', async () => {
    expect((await runCli(['runs', 'show', '999', '--db', db], env)).code).toBe(1)
    expect((await runCli(['runs', 'show', 'abc', '--db', db], env)).code).toBe(2)
    expect((await runCli(['runs', '--limit', '0', '--db', db], env)).code).toBe(2)
  }, 60_000)
})

describe('the ingest report', () => {
  it('ends with one line naming the source that went wrong and why', () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    try {
      const report = {
        runId: 9,
        status: 'partial',
        exitCode: 3,
        durationMs: 1000,
        generation: 4,
        sources: [
          {
            source: 'pararius',
            status: 'ok',
            pages: 10,
            listings: 9,
            new: 1,
            updated: 0,
            withdrawn: 0,
            rejected: 0,
          },
          {
            source: 'funda',
            status: 'failed',
            pages: 1,
            listings: 0,
            new: 0,
            updated: 0,
            withdrawn: 0,
            rejected: 0,
          },
        ],
        problems: [
          'funda: failed: Layout changed? A full list page yielded no listings at https://www.funda.nl/koop',
        ],
        leftOut: [{ source: 'huurwoningen', reason: 'retired (name it with --sources to run it again)' }],
      } as unknown as RunReport
      expect(reportRun({}, report)).toBe(3)
      const lines = String(write.mock.calls[0]?.[0]).trim().split('\n')
      // Under the table, each source the run left out, and why.
      expect(lines.at(-2)).toBe('  huurwoningen: left out: retired (name it with --sources to run it again)')
      expect(lines.at(-1)).toBe(
        'Run 9 partial (exit 3): funda: failed: Layout changed? A full list page yielded no listings at https://www.funda.nl/koop; failed and blocked sources keep their previous data',
      )
    } finally {
      write.mockRestore()
    }
  })
})
