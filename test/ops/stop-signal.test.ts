import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { beforeAll, describe, expect, it } from 'vitest'
import { TEST_PAUSE_MARKER } from '../../src/ops/test-pause.js'
import { openStore } from '../../src/store/database.js'
import { runCli } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp-dir.js'
import { startWatchedCli } from '../resilience/ingest-child.js'

const dir = useTempDir('propdata-stop-')
const db = join(dir, 'propdata.db')
const env = { PROPDATA_DATA_DIR: dir }

interface RunRow {
  status: string
  finished_at: string | null
  exit_code: number | null
  report_json: string | null
}

const runRow = (id: number): RunRow => {
  const sqlite = new BetterSqlite3(db, { readonly: true })
  try {
    return sqlite
      .prepare('select status, finished_at, exit_code, report_json from runs where id = ?')
      .get(id) as RunRow
  } finally {
    sqlite.close()
  }
}

beforeAll(async () => {
  await (await openStore(db)).close()
  // The run pauses where it records its sources' rows: after it published, before it writes its report.
  const sqlite = new BetterSqlite3(db)
  sqlite.exec(
    `create trigger test_pause_run_sources before insert on run_sources
     begin select propdata_test_pause('run-sources', 1); end`,
  )
  sqlite.close()
})

describe('Ctrl-C during a run', () => {
  it('marks the run stopped at once, so a second Ctrl-C that ends the process leaves no phantom running run', async () => {
    const run = startWatchedCli(['ingest', '--sample', '--db', db], { ...env, PROPDATA_TEST_PAUSE: '1' })
    let runId = 0
    try {
      runId = Number((await run.waitFor(/Run (\d+) started/))[1])
      run.child.kill('SIGINT')
      await run.waitFor(/SIGINT: stopping; publishing what finished/)
      await run.waitFor(new RegExp(`${TEST_PAUSE_MARKER} run-sources 1\\b`))
      // Still at work (it has yet to write its report), and `runs` already says stopped.
      const marked = runRow(runId)
      expect(marked).toMatchObject({ status: 'stopped', exit_code: 3, report_json: null })
      expect(marked.finished_at).not.toBeNull()
      // The second Ctrl-C ends the process at once: no handler is left for it.
      run.child.kill('SIGINT')
      expect(await run.exited).toBeNull()
    } finally {
      await run.kill()
    }
    expect(runRow(runId).status).toBe('stopped')
    const shown = await runCli(['runs', '--json', '--db', db], env)
    expect(JSON.parse(shown.stdout)[0]).toMatchObject({
      id: runId,
      status: 'stopped',
      problems: ['stopped on request; the process ended before the run wrote its report'],
    })

    // The next run finds nothing to mark crashed.
    const sqlite = new BetterSqlite3(db)
    sqlite.exec('drop trigger test_pause_run_sources')
    sqlite.close()
    const next = await runCli(['ingest', '--sample', '--sources', 'feed', '--db', db], env)
    expect(next.code, next.stderr).toBe(0)
    expect(next.stderr).not.toMatch(/died without finishing/)
    expect(runRow(runId).status).toBe('stopped')
  }, 120_000)

  it('a run that finishes after the stop writes its report over the mark', async () => {
    const run = startWatchedCli(['ingest', '--sample', '--db', db], env)
    try {
      const runId = Number((await run.waitFor(/Run (\d+) started/))[1])
      run.child.kill('SIGTERM')
      expect(await run.exited, run.output()).toBe(3)
      const row = runRow(runId)
      expect(row).toMatchObject({ status: 'stopped', exit_code: 3 })
      expect(JSON.parse(row.report_json!)).toMatchObject({ runId, status: 'stopped' })
    } finally {
      await run.kill()
    }
  }, 120_000)
})
