import { writeSync } from 'node:fs'
import type BetterSqlite3 from 'better-sqlite3'

/** The line a paused run prints on stderr before it blocks: `PROPDATA_TEST_PAUSED <label> <n>`. */
export const TEST_PAUSE_MARKER = 'PROPDATA_TEST_PAUSED'

/** A paused run that nobody killed kills itself after this long, so a failed test leaves no process behind. */
const GIVE_UP_MS = 120_000

/**
 * Tests only (`PROPDATA_TEST_PAUSE=1`): registers the SQL function `propdata_test_pause(label, n)` on the run's
 * connection. A crash test puts a trigger that calls it on a table; on the n-th call for `label` the run prints
 * the marker and blocks inside the writing transaction, so the test can SIGKILL it at exactly that point.
 */
export function installTestPause(sqlite: BetterSqlite3.Database): void {
  const calls = new Map<string, number>()
  const never = new Int32Array(new SharedArrayBuffer(4))
  sqlite.function('propdata_test_pause', { varargs: false, directOnly: false }, (label, n) => {
    const key = String(label)
    const count = (calls.get(key) ?? 0) + 1
    calls.set(key, count)
    if (count === Number(n)) {
      writeSync(2, `${TEST_PAUSE_MARKER} ${key} ${count}\n`)
      // Synchronous on purpose: the transaction stays open and nothing else runs until the test kills us.
      Atomics.wait(never, 0, 0, GIVE_UP_MS)
      process.kill(process.pid, 'SIGKILL')
    }
    return null
  })
}
