import { spawnSync } from 'node:child_process'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readSampleManifest } from '../../src/cli/sample.js'
import { loadConfig } from '../../src/config.js'
import { RunLockedError } from '../../src/errors.js'
import { processStartOf } from '../../src/ops/process-identity.js'
import { acquireRunLock } from '../../src/ops/run-lock.js'
import { openStore, type Store } from '../../src/store/database.js'
import { runCli } from '../helpers/cli.js'
import { useTempDir } from '../helpers/temp-dir.js'

const dir = useTempDir()
let store: Store
beforeAll(async () => {
  store = await openStore(join(dir, 'propdata.db'))
})
afterAll(async () => store.close())

const writeHolder = (holder: { pid: number; process_start: string | null; host: string }) =>
  store.sqlite
    .prepare(
      `insert or replace into run_lock (id, pid, process_start, host, command, acquired_at)
       values (1, @pid, @process_start, @host, 'ingest', '2024-01-01T00:00:00.000Z')`,
    )
    .run(holder)

describe('the run lock', () => {
  it('lets one holder in and refuses the next until it is released', () => {
    const lock = acquireRunLock(store, 'ingest')
    expect(lock.tookOverFrom).toBeNull()
    expect(() => acquireRunLock(store, 'ingest')).toThrow(RunLockedError)
    expect(() => acquireRunLock(store, 'ingest')).toThrow(new RegExp(`pid ${process.pid} on `))
    lock.release()
    lock.release() // twice is harmless
    acquireRunLock(store, 'ingest').release()
  })

  it('takes over the lock of a process that is gone', () => {
    const child = spawnSync(process.execPath, ['-e', ''])
    writeHolder({ pid: child.pid!, process_start: 'gone', host: hostname() })
    const lock = acquireRunLock(store, 'ingest')
    expect(lock.tookOverFrom?.pid).toBe(child.pid)
    lock.release()
  })

  it('takes over when the pid is alive but belongs to a process started later (pid reuse)', () => {
    if (processStartOf(process.pid) === null) return // no /proc: only liveness can be checked here
    writeHolder({ pid: process.pid, process_start: 'another-boot:1', host: hostname() })
    const lock = acquireRunLock(store, 'ingest')
    expect(lock.tookOverFrom?.process_start).toBe('another-boot:1')
    lock.release()
  })

  it('never takes over a lock from another host, which it cannot probe', () => {
    writeHolder({ pid: 1, process_start: null, host: 'elsewhere.example' })
    expect(() => acquireRunLock(store, 'ingest')).toThrow(/taken on host elsewhere\.example/)
    store.sqlite.prepare('delete from run_lock').run()
  })

  it('makes a second `propdata ingest` exit at once with code 4 and a clear message', async () => {
    const lock = acquireRunLock(store, 'ingest')
    try {
      const result = await runCli(['ingest', '--sample', '--db', store.path], { PROPDATA_DATA_DIR: dir })
      expect(result.code).toBe(4)
      expect(result.stderr).toMatch(/Another run holds the lock: pid \d+/)
      const runs = store.sqlite.prepare('select count(*) as n from runs').get() as { n: number }
      expect(runs.n).toBe(0)
    } finally {
      lock.release()
    }
  }, 60_000)

  it('makes `import bag` and `import energy-labels` during a run exit 4 the same way, changing nothing', async () => {
    const sample = readSampleManifest(loadConfig({}))
    const env = { PROPDATA_DATA_DIR: dir }
    const importBag = () => runCli(['import', 'bag', sample.bag, '--db', store.path], env)
    const importLabels = () =>
      runCli(['import', 'energy-labels', sample.energyLabels!, '--db', store.path], env)
    // A BAG imported while nobody holds the lock: there is data to leave alone, and the import let go of the lock.
    const first = await importBag()
    expect(first.code, first.stderr).toBe(0)
    expect(store.sqlite.prepare('select count(*) from run_lock').pluck().get()).toBe(0)
    const snapshot = () =>
      store.sqlite
        .prepare(
          `select (select count(*) from runs) as runs, (select max(id) from runs) as last_run,
                  (select count(*) from bag_objects) as bag_objects,
                  (select count(*) from energy_labels) as energy_labels,
                  (select count(*) from golden_records) as golden_records,
                  (select generation from publication where id = 1) as generation,
                  (select group_concat(key || '=' || value) from meta) as meta`,
        )
        .get()
    const before = snapshot()
    expect(before).toMatchObject({ runs: 1, energy_labels: 0 })
    expect((before as { bag_objects: number }).bag_objects).toBeGreaterThan(0)

    const lock = acquireRunLock(store, 'ingest') // the nightly ingest
    try {
      for (const result of [await importBag(), await importLabels()]) {
        expect(result.code, result.stderr).toBe(4)
        expect(result.stderr).toMatch(
          new RegExp(
            `Another run holds the lock: pid ${process.pid} on .+ \\(ingest\\) since .+ nothing was changed`,
          ),
        )
      }
      expect(snapshot()).toEqual(before)
    } finally {
      lock.release()
    }
  }, 120_000)
})
