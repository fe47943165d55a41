import { Command } from 'commander'
import { registerBacktestCommand } from './commands/backtest.js'
import { registerImportCommand } from './commands/import.js'
import { registerIngestCommand } from './commands/ingest.js'
import { registerKeysCommand } from './commands/keys.js'
import { registerRunsCommand } from './commands/runs.js'
import { registerServeCommand } from './commands/serve.js'
import { registerSourcesCommand } from './commands/sources.js'
import { registerStartCommand } from './commands/start.js'

/** Builds the `propdata` command tree. */
export function buildProgram(): Command {
  const program = new Command('propdata')
    .description(
      'Dutch housing data: crawl listings, resolve them to the BAG, merge Golden Records, serve /v1',
    )
    .option('--db <path>', 'SQLite database (default: PROPDATA_DB, else data/propdata.db)')
    .option('--json', 'print the result as JSON on stdout')
    .option('--quiet', 'print only errors and the result')
    .option('--verbose', 'print debug detail')
    .showHelpAfterError('(add --help for usage)')
    .exitOverride()
  registerIngestCommand(program)
  registerImportCommand(program)
  registerBacktestCommand(program)
  registerServeCommand(program)
  registerKeysCommand(program)
  registerSourcesCommand(program)
  registerRunsCommand(program)
  registerStartCommand(program)
  for (const command of program.commands) command.exitOverride()
  return program
}
