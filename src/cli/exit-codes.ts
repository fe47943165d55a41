import { RunLockedError } from '../errors.js'

/** The CLI's exit codes: users and schedulers rely on them. */
export const EXIT = Object.freeze({
  /** Every source fine. */
  OK: 0,
  /** The command failed. */
  FAILURE: 1,
  /** Bad usage: unknown command or option, bad value. */
  USAGE: 2,
  /** Finished, but some source failed or was blocked; its old data is kept. */
  PARTIAL: 3,
  /** Another run holds the lock. */
  LOCKED: 4,
})

/** An error that should end the command with a given exit code and a one-line message. */
export class CliError extends Error {
  readonly exitCode: number
  constructor(message: string, exitCode: number = EXIT.FAILURE) {
    super(message)
    this.exitCode = exitCode
  }
}

/**
 * Runs a command's work, turning {@link RunLockedError} (another run holds the lock) into exit 4 with its message:
 * what a second ingest and an import during an ingest both answer.
 */
export async function exitIfLocked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof RunLockedError) throw new CliError(error.message, EXIT.LOCKED)
    throw error
  }
}
