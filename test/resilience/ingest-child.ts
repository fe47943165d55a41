import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../src/config.js'

const BIN = join(PROJECT_ROOT, 'bin', 'propdata.js')

/** A `propdata` child process a test watches and may kill at any moment. */
export interface WatchedCli {
  readonly child: ChildProcess
  readonly pid: number
  /** Everything it wrote so far, stdout and stderr interleaved. */
  output(): string
  /** Resolves when `pattern` matches the output; rejects when the process exits first or after `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>
  /** Its exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>
  /** SIGKILL, then wait until the process is gone (so its pid is free and its lock is stale). */
  kill(): Promise<void>
}

/** Starts `propdata ARGS` with a clean environment plus `env`, as cron would. */
export function startWatchedCli(args: readonly string[], env: Record<string, string> = {}): WatchedCli {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let text = ''
  let done = false
  const listeners = new Set<() => void>()
  const changed = () => {
    for (const listener of listeners) listener()
  }
  child.stdout?.on('data', (d: Buffer) => {
    text += d
    changed()
  })
  child.stderr?.on('data', (d: Buffer) => {
    text += d
    changed()
  })
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      done = true
      changed()
      resolve(code)
    }),
  )
  return {
    child,
    pid: child.pid ?? -1,
    output: () => text,
    exited,
    waitFor(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => finish(new Error(`timed out waiting for ${pattern}:\n${text}`)),
          timeoutMs,
        )
        const check = () => {
          const match = pattern.exec(text)
          if (match) finish(null, match)
          else if (done) finish(new Error(`exited before ${pattern} appeared:\n${text}`))
        }
        const finish = (error: Error | null, match?: RegExpExecArray) => {
          clearTimeout(timer)
          listeners.delete(check)
          if (error) reject(error)
          else resolve(match!)
        }
        listeners.add(check)
        check()
      })
    },
    async kill() {
      if (!done) child.kill('SIGKILL')
      await exited
    },
  }
}
