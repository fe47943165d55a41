import { CommanderError } from 'commander'
import { PipelineError } from '../errors.js'
import { CliError, EXIT } from './exit-codes.js'
import { buildProgram } from './program.js'

/** Runs the CLI and maps every failure onto an exit code: 2 for usage, 1 for failure. */
export async function main(argv: readonly string[]): Promise<void> {
  try {
    await buildProgram().parseAsync(argv as string[])
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end with code 0; everything else commander rejects is bad usage.
      process.exitCode = error.exitCode === 0 ? 0 : EXIT.USAGE
      return
    }
    if (error instanceof CliError) {
      process.stderr.write(`error: ${error.message}\n`)
      process.exitCode = error.exitCode
      return
    }
    const message =
      error instanceof PipelineError
        ? `${error.code}: ${error.message}`
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error)
    process.stderr.write(`error: ${message}\n`)
    process.exitCode = EXIT.FAILURE
  }
}

await main(process.argv)
