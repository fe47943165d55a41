import { CommanderError } from 'commander'
import { EXIT } from './exit-codes.js'
import { buildProgram } from './program.js'

/**
 * Runs the CLI and maps every failure onto one line and an exit code (0 ok, 1 failure, 2 bad usage, 3 partial,
 * 4 locked). A stack is printed only for an unforeseen error, and only with `--verbose`.
 */
export async function main(argv: readonly string[]): Promise<void> {
  const program = buildProgram()
  try {
    await program.parseAsync(argv as string[])
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander printed its own message; --help and --version end with code 0, everything else is bad usage.
      process.exitCode = error.exitCode === 0 ? 0 : EXIT.USAGE
      return
    }
    // Loaded only now: it knows the errors of every layer, which `--help` and a usage error need not load.
    const { describeFailure } = await import('./failure.js')
    const failure = describeFailure(error)
    const verbose = program.opts<{ verbose?: boolean }>().verbose === true
    const more = !failure.unexpected
      ? ''
      : verbose && error instanceof Error && error.stack
        ? `\n${error.stack}`
        : ' (add --verbose for the stack)'
    process.stderr.write(`error: ${failure.message}${more}\n`)
    process.exitCode = failure.exitCode
  }
}

await main(process.argv)
