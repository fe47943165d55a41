import { hostname } from 'node:os'
import { RunLockedError } from '../errors.js'
import type { Logger } from '../pipeline/logger.js'
import type { Store } from '../store/database.js'
import type { RunLockTable } from '../store/schema.js'
import { isProcessAlive, processStartOf } from './process-identity.js'

/** A held run lock. */
export interface RunLock {
  /** The holder this lock replaced because its process was gone, or null. */
  readonly tookOverFrom: RunLockTable | null
  /** Gives the lock up; only deletes the row while it is still ours. Safe to call twice. */
  release(): void
}

/** How the lock decides whether a holder still runs; injectable for tests. */
export interface LockProbe {
  readonly pid: number
  readonly host: string
  isAlive(pid: number): boolean
  startOf(pid: number): string | null
}

const LOCAL_PROBE: LockProbe = {
  pid: process.pid,
  host: hostname(),
  isAlive: isProcessAlive,
  startOf: processStartOf,
}

/**
 * Takes the database's run lock, or throws {@link RunLockedError} naming the holder. The check and the write
 * run in one `BEGIN IMMEDIATE` transaction, so two processes can never both see the lock free. A holder whose
 * process is gone, or whose pid now belongs to a process that started later, is stale and taken over.
 */
export function acquireRunLock(store: Store, command: string, probe: LockProbe = LOCAL_PROBE): RunLock {
  const { sqlite } = store
  const self = { pid: probe.pid, process_start: probe.startOf(probe.pid), host: probe.host }
  const take = sqlite.transaction((): RunLockTable | null => {
    const holder = sqlite.prepare('select * from run_lock where id = 1').get() as RunLockTable | undefined
    if (holder) {
      const stale = isStale(holder, probe)
      if (!stale) {
        throw new RunLockedError(
          `Another run holds the lock: ${describeHolder(holder)}. This run exits; nothing was changed.` +
            (holder.host === probe.host
              ? ''
              : ` It was taken on host ${holder.host}, so it cannot be checked from here; if that run is gone, delete the run_lock row.`),
          { ...holder },
        )
      }
    }
    sqlite
      .prepare(
        `insert into run_lock (id, pid, process_start, host, command, acquired_at)
         values (1, @pid, @process_start, @host, @command, @acquired_at)
         on conflict (id) do update set pid = excluded.pid, process_start = excluded.process_start,
           host = excluded.host, command = excluded.command, acquired_at = excluded.acquired_at`,
      )
      .run({ ...self, command, acquired_at: new Date().toISOString() })
    return holder ?? null
  })
  const tookOverFrom = take.immediate()
  let released = false
  return {
    tookOverFrom,
    release() {
      if (released) return
      released = true
      sqlite
        .prepare(
          'delete from run_lock where id = 1 and pid = @pid and host = @host and process_start is @start',
        )
        .run({ pid: self.pid, host: self.host, start: self.process_start })
    },
  }
}

/**
 * Runs `work` with the run lock held and gives it up afterwards, whatever happens: what every command that writes
 * the data (ingest, the imports) goes through, so no two of them interleave. Throws {@link RunLockedError}, before
 * `work` starts, when another run holds the lock; warns when it took over a stale one.
 */
export async function withRunLock<T>(
  store: Store,
  command: string,
  logger: Pick<Logger, 'warn'>,
  work: () => Promise<T>,
): Promise<T> {
  const lock = acquireRunLock(store, command)
  if (lock.tookOverFrom)
    logger.warn(`Took over a stale run lock from ${describeHolder(lock.tookOverFrom)}: that process is gone`)
  try {
    return await work()
  } finally {
    lock.release()
  }
}

/** "pid 123 (ingest) since 2024-…", for messages. */
function describeHolder(holder: RunLockTable): string {
  return `pid ${holder.pid} on ${holder.host} (${holder.command}) since ${holder.acquired_at}`
}

function isStale(holder: RunLockTable, probe: LockProbe): boolean {
  // Another host's process cannot be probed from here: treat its lock as held rather than risk two runs.
  if (holder.host !== probe.host) return false
  if (!probe.isAlive(holder.pid)) return true
  const start = probe.startOf(holder.pid)
  // Alive under the same pid but started at another time: the pid was reused after the holder died.
  return holder.process_start !== null && start !== null && start !== holder.process_start
}
