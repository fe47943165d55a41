import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../src/config.js'

/** A `propdata serve` in its own process, as in production, optionally pinned to one CPU. */
export interface ServedApi {
  readonly baseUrl: string
  readonly child: ChildProcess
  stop(): Promise<void>
}

/** Starts the real CLI's server on a free port over `dbPath` and waits until it listens. */
export function serveInChild(dbPath: string, env: Record<string, string>, cpu?: number): Promise<ServedApi> {
  const bin = join(PROJECT_ROOT, 'bin', 'propdata.js')
  const args = [bin, 'serve', '--db', dbPath, '--port', '0']
  const child =
    cpu === undefined
      ? spawn(process.execPath, args, { env: { ...process.env, ...env } })
      : spawn('taskset', ['-c', String(cpu), process.execPath, ...args], { env: { ...process.env, ...env } })
  return new Promise((resolve, reject) => {
    let output = ''
    const onData = (d: Buffer) => {
      output += d
      const match = /on (http:\/\/[\d.]+:\d+)/.exec(output)
      if (match) {
        resolve({
          baseUrl: match[1]!,
          child,
          stop: () =>
            new Promise<void>((done) => {
              child.once('close', () => done())
              child.kill('SIGTERM')
            }),
        })
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.on('error', reject)
    child.on('close', (code) => reject(new Error(`serve exited ${code}: ${output}`)))
  })
}

/** Resident set size of a process in MiB, now and at its peak, from /proc (Linux). */
export async function rssMiB(pid: number): Promise<{ rss: number; anon: number; peak: number }> {
  const { readFile } = await import('node:fs/promises')
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
  return { rss: kb('VmRSS') / 1024, anon: kb('RssAnon') / 1024, peak: kb('VmHWM') / 1024 }
}
