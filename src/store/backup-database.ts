import { randomBytes } from 'node:crypto'
import { renameSync, rmSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import type { Store } from './database.js'

/** What a backup copied, read back from the copy itself. */
export interface BackupReport {
  readonly to: string
  readonly bytes: number
  /** The generation the copy serves. */
  readonly generation: number
  /** The copy's latest run, or null when it has none. */
  readonly lastRun: {
    readonly id: number
    readonly status: string
    readonly finishedAt: string | null
  } | null
}

/** Transfer every page in one step: see {@link backupDatabase}. */
const ALL_PAGES = 0x7fffffff

/**
 * Copies the database with SQLite's online backup into `to`, a consistent snapshot of what was committed when the
 * copy started, the write-ahead log included: copying the file itself while a server or a run has it open misses
 * the log, and with it the last runs. The pages go in one step under one read transaction; in WAL mode that blocks
 * no writer, and a write from another process cannot restart it halfway, as it would a copy made in small steps.
 * The copy is written beside `to` and renamed over it once SQLite's quick check passed, so `to` is never half a
 * database; a log or shared-memory file of an older `to` is removed first, for it would be replayed into the copy.
 */
export async function backupDatabase(store: Store, to: string): Promise<BackupReport> {
  const partial = join(dirname(to), `.${basename(to)}.${randomBytes(4).toString('hex')}.partial`)
  try {
    await store.sqlite.backup(partial, { progress: () => ALL_PAGES })
    const facts = checkCopy(partial)
    for (const leftover of [`${to}-wal`, `${to}-shm`]) rmSync(leftover, { force: true })
    renameSync(partial, to)
    return { to, bytes: statSync(to).size, ...facts }
  } finally {
    for (const file of [partial, `${partial}-wal`, `${partial}-shm`]) rmSync(file, { force: true })
  }
}

/** Opens a copy, runs SQLite's quick check on it and reads what it holds; throws when the check finds a fault. */
function checkCopy(path: string): Omit<BackupReport, 'to' | 'bytes'> {
  const copy = new BetterSqlite3(path, { readonly: true, fileMustExist: true })
  try {
    const check = copy.pragma('quick_check', { simple: true })
    if (check !== 'ok') throw new Error(`The copy failed SQLite's quick check: ${String(check)}`)
    const generation = copy.prepare('select generation from publication where id = 1').pluck().get() as
      | number
      | undefined
    const lastRun = copy
      .prepare('select id, status, finished_at as finishedAt from runs order by id desc limit 1')
      .get() as BackupReport['lastRun'] | undefined
    return { generation: generation ?? 0, lastRun: lastRun ?? null }
  } finally {
    copy.close()
  }
}
