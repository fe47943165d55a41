import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../src/config.js'

const BIN = join(PROJECT_ROOT, 'bin', 'propdata.js')

/** The outcome of one CLI invocation. */
export interface CliResult {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/** A child process's exit code and everything it wrote; `stdin` is written to its standard input when given. */
export async function runProcess(
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
  stdin?: string,
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...options,
      stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    })
    child.stdin?.end(stdin)
    let stdout = ''
    let stderr = ''
    child.stdout?.on('data', (d: Buffer) => {
      stdout += d
    })
    child.stderr?.on('data', (d: Buffer) => {
      stderr += d
    })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/** PATH and HOME and nothing else of this process's environment, plus `env`. */
export const cleanEnv = (env: Record<string, string> = {}) => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  ...env,
})

/** Runs `propdata ARGS` as a user would, in a child process, with a clean environment plus `env`. */
export function runCli(args: readonly string[], env: Record<string, string> = {}): Promise<CliResult> {
  return runProcess(process.execPath, [BIN, ...args], { env: cleanEnv(env) })
}

/** {@link runCli} with `stdin` piped to the command. */
export function runCliWithInput(args: readonly string[], stdin: string): Promise<CliResult> {
  return runProcess(process.execPath, [BIN, ...args], { env: cleanEnv() }, stdin)
}

/**
 * Starts a long-running command and resolves once `ready` matches its stderr or stdout; returns the match.
 * `nodeArgs` go to node before the CLI (`--import` a hook).
 */
export function startCli(
  args: readonly string[],
  ready: RegExp,
  env: Record<string, string> = {},
  nodeArgs: readonly string[] = [],
): Promise<{ child: ChildProcess; match: RegExpExecArray; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, BIN, ...args], { env: cleanEnv(env) })
    let output = ''
    const onData = (d: Buffer) => {
      output += d
      const match = ready.exec(output)
      if (match) resolve({ child, match, output: () => output })
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.on('error', reject)
    child.on('close', (code) => reject(new Error(`exited with ${code} before it was ready:\n${output}`)))
  })
}
