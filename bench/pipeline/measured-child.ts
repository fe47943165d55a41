import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../src/config.js'

/** A CLI run measured from outside: wall time, peak resident and anonymous memory, and its stdout. */
export interface MeasuredRun {
  readonly code: number | null
  readonly seconds: number
  /** Peak VmRSS, MiB: includes the memory-mapped database. */
  readonly peakRssMiB: number
  /** Peak RssAnon, MiB: the heap and native allocations, what actually grows with the input. */
  readonly peakAnonMiB: number
  readonly stdout: string
  readonly stderr: string
}

const kb = (status: string, field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)

/** How the deploy files start a run or an import: 128 MiB semi-spaces (README, "Running it nightly"). */
const NODE_FLAGS = ['--max-semi-space-size=128']

/** Runs `propdata ARGS` in a child process, sampling /proc/<pid>/status every 50 ms for memory. */
export function runMeasured(args: readonly string[], env: Record<string, string> = {}): Promise<MeasuredRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(
      process.execPath,
      [...NODE_FLAGS, join(PROJECT_ROOT, 'bin', 'propdata.js'), ...args],
      {
        env: { ...process.env, ...env },
      },
    )
    let stdout = ''
    let stderr = ''
    let rss = 0
    let anon = 0
    child.stdout.on('data', (d: Buffer) => {
      stdout += d
    })
    child.stderr.on('data', (d: Buffer) => {
      stderr += d
    })
    const sample = setInterval(() => {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
        rss = Math.max(rss, kb(status, 'VmRSS'))
        anon = Math.max(anon, kb(status, 'RssAnon'))
      } catch {
        // The process has just exited.
      }
    }, 50)
    child.on('error', reject)
    child.on('close', (code) => {
      clearInterval(sample)
      resolve({
        code,
        seconds: (performance.now() - started) / 1000,
        peakRssMiB: rss / 1024,
        peakAnonMiB: anon / 1024,
        stdout,
        stderr,
      })
    })
  })
}
