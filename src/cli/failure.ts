import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { CommanderError } from 'commander'
import { InvalidEnvironmentError, loadConfig } from '../config.js'
import { PipelineError, RunLockedError, SiteFileError } from '../errors.js'
import { DatabaseFileError } from '../store/database.js'
import { cliCommand } from './command-hint.js'
import { displayPath } from './display-path.js'
import { CliError, EXIT } from './exit-codes.js'

/** What the CLI says about an error that ended a command: one line, and the exit code its kind earns. */
export interface Failure {
  readonly message: string
  readonly exitCode: number
  /** A failure the CLI did not foresee (a bug): its stack helps, so `--verbose` prints it. */
  readonly unexpected: boolean
}

const expected = (message: string, exitCode: number): Failure => ({ message, exitCode, unexpected: false })

/** better-sqlite3's errors carry SQLite's result code (SQLITE_BUSY, SQLITE_READONLY, SQLITE_CORRUPT …). */
const sqliteCode = (error: Error): string | undefined => {
  const code = (error as { code?: unknown }).code
  return error.name === 'SqliteError' && typeof code === 'string' ? code : undefined
}

/** Node's errors from the system (EACCES, ENOSPC, EADDRINUSE …) name the call that failed. */
const isSystemError = (error: Error): boolean => {
  const { code, syscall } = error as { code?: unknown; syscall?: unknown }
  return typeof code === 'string' && typeof syscall === 'string'
}

const firstLine = (text: string): string => text.split('\n')[0] ?? ''

/**
 * What to do about a database that is not there. The sample has a database of its own (`npm start` fills it), so
 * after `npm start` the way on is that database; before it, the command that fills it. A live run would create the
 * missing file too, but it crawls the sites, which no hint should start by surprise.
 */
function missingDatabaseHint(path: string): string {
  let sample: string
  try {
    sample = loadConfig().sampleDbPath
  } catch {
    return ' (check --db or PROPDATA_DB)'
  }
  if (existsSync(sample) && resolve(path) !== sample)
    return ` (check --db or PROPDATA_DB; the sample is in ${displayPath(sample)}: --db ${displayPath(sample)})`
  return ` (check --db or PROPDATA_DB; the sample goes into ${displayPath(sample)}: ${cliCommand('ingest --sample')})`
}

/**
 * Maps every error a command can end with onto one line and an exit code: the user's mistakes (a bad value, a
 * missing or foreign database, a bad environment variable, a broken site file) exit 2, a held lock 4, the rest 1.
 * Nothing known prints a stack; an unforeseen error prints its message, and its stack only with `--verbose`.
 */
export function describeFailure(error: unknown): Failure {
  if (error instanceof CliError) return expected(error.message, error.exitCode)
  if (error instanceof CommanderError) return expected(error.message, EXIT.USAGE)
  if (error instanceof DatabaseFileError) {
    const hint = error.reason === 'missing' ? missingDatabaseHint(error.path) : ''
    return expected(`${error.message}${hint}`, EXIT.USAGE)
  }
  if (error instanceof InvalidEnvironmentError) return expected(error.message, EXIT.USAGE)
  // A broken site file is the user's to fix, like a bad flag: its message names the file, the line and the key.
  if (error instanceof SiteFileError) return expected(error.message, EXIT.USAGE)
  if (error instanceof RunLockedError) return expected(error.message, EXIT.LOCKED)
  if (error instanceof PipelineError)
    return expected(`${error.code}: ${firstLine(error.message)}`, EXIT.FAILURE)
  if (error instanceof Error) {
    const code = sqliteCode(error)
    if (code) return expected(`database error: ${firstLine(error.message)} (${code})`, EXIT.FAILURE)
    if (isSystemError(error)) return expected(firstLine(error.message), EXIT.FAILURE)
    return { message: firstLine(error.message), exitCode: EXIT.FAILURE, unexpected: true }
  }
  return { message: String(error), exitCode: EXIT.FAILURE, unexpected: true }
}
