import { readFileSync } from 'node:fs'

/**
 * What tells one process from a later one that got the same pid: the boot id and the start time in clock ticks
 * since boot (`/proc/<pid>/stat`, field 22). Null where /proc is missing (not Linux) or the process is gone.
 */
export function processStartOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) is in parentheses and may itself hold spaces or ')': split after the last one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const startTicks = fields[19]
    if (!startTicks) return null
    return `${bootId()}:${startTicks}`
  } catch {
    return null
  }
}

let cachedBootId: string | undefined

function bootId(): string {
  if (cachedBootId === undefined) {
    try {
      cachedBootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
    } catch {
      cachedBootId = 'unknown-boot'
    }
  }
  return cachedBootId
}

/** Whether a process with this pid exists (EPERM means it does, under another user). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
