import { Command } from 'commander'
import { cliCommand } from './command-hint.js'
import { DEFAULT_CITIES } from './default-cities.js'

/**
 * Builds the `propdata` command tree: every command, its arguments and options, and its help. Each action imports
 * its command's implementation (`commands/<name>.ts`) when it runs, so `--help` and a usage error load commander
 * alone, not the pipeline, the store and the API of every command.
 */
export function buildProgram(): Command {
  const program = new Command('propdata')
    .description(
      'Dutch housing data: crawl listings, resolve them to the BAG, merge Golden Records, serve /v1',
    )
    .option(
      '--db <path>',
      'SQLite database (default: PROPDATA_DB, else data/propdata.db); serve also takes a postgres:// URL',
    )
    .option('--json', 'print the result as JSON on stdout')
    .option('--quiet', 'print only errors and the result')
    .option('--verbose', 'print debug detail')
    .showHelpAfterError('(add --help for usage)')
    .exitOverride()
  addIngest(program)
  addImport(program)
  addBacktest(program)
  addWws(program)
  addServe(program)
  addKeys(program)
  addSources(program)
  addRuns(program)
  addReport(program)
  addBackup(program)
  addExport(program)
  addReplicate(program)
  addStart(program)
  for (const command of program.commands) command.exitOverride()
  return program
}

const PORT_HELP = 'port to listen on, 0–65535 (default: PORT, else 8080)'

/** `propdata ingest`: one pipeline run. */
function addIngest(program: Command): void {
  program
    .command('ingest')
    .description('Run the pipeline once: crawl, parse, normalise, resolve, dedupe, merge, valuate, publish')
    .option(
      '--sample',
      'replay the bundled sample archive offline into data/sample.db unless --db names another (imports its BAG extract if none is loaded)',
    )
    .option('--replay <archive...>', 'replay recorded WARC archives offline instead of fetching')
    .option('--sources <ids>', 'comma-separated source ids (default: all, or the sample’s)')
    .option(
      '--feed <[name=]file>',
      'a partner feed (CSV or JSON Lines): NAME=FILE is the source NAME, a bare FILE the source feed; repeat it for each partner; without --sources the run reads only the feeds',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option(
      '--cities <names>',
      `comma-separated cities to crawl (default: ${DEFAULT_CITIES.slice(0, 4).join(', ')}, …)`,
    )
    .option('--types <types>', 'rent, buy or rent,buy (default: both)')
    .option('--max-pages <n>', 'follow at most this many result pages per source')
    .option('--limit <n>', 'stop each source after this many listings')
    .option('--reparse', 'parse every page, even those unchanged since they were last parsed')
    .option(
      '--max-duration <time>',
      'stop fetching after this long (90m, 2h, 3600s) and publish what finished; exit 3',
    )
    .option(
      '--notify <url>',
      'POST the report as JSON here when the run fails or a source fails or is blocked',
    )
    .action(async (_o, cmd: Command) => {
      const { ingest } = await import('./commands/ingest.js')
      await ingest(cmd.optsWithGlobals())
    })
}

/** `propdata import bag PATH` and `propdata import energy-labels PATH`. */
function addImport(program: Command): void {
  const command = program.command('import').description('Load a register file into the database')
  command
    .command('bag')
    .argument('<path>', 'a BAG 2.0 extract: the national zip, a per-type zip, or a folder of XML files')
    .description(
      'Load a BAG 2.0 extract, replacing the previous one in one step, and rebuild the golden records',
    )
    .action(async (path: string, _o, cmd: Command) => {
      const { importBagExtract } = await import('./commands/import.js')
      await importBagExtract(path, cmd.optsWithGlobals())
    })
  command
    .command('energy-labels')
    .argument('<path>', "EP-Online's bulk label file: the zip RVO publishes, or the CSV inside it")
    .description(
      'Load the EP-Online label file (any column vintage), replacing the previous labels in one step, and rewrite the golden records whose label changed',
    )
    .action(async (path: string, _o, cmd: Command) => {
      const { importLabelFile } = await import('./commands/import.js')
      await importLabelFile(path, cmd.optsWithGlobals())
    })
}

/** `propdata backtest`: the valuation model's accuracy on held-out homes. */
function addBacktest(program: Command): void {
  program
    .command('backtest')
    .description(
      "Measure the valuation model's accuracy on held-out homes (k-fold), against a naive baseline",
    )
    .option(
      '--data <file...>',
      'CSV(s) with price, surface_area, postcode (optional: city, year_built, energy_label, dwelling_type, woz_value, woz_reference_date, listed_at); default: the Utrecht 2016 and Amsterdam 2021 sale sets and the Pararius 2024 rent set',
    )
    .option(
      '--kind <kind>',
      'what the --data prices are: sale (asking prices, default) or rent (monthly rents)',
    )
    .option('--folds <n>', 'folds of the cross-validation (default 10)')
    .option('--seed <n>', 'seed of the fold split (default 1)')
    .option(
      '--plot <file.svg>',
      'also draw each set as SVG: predicted against asked (log axes), the error per confidence class, and interval coverage per class',
    )
    .action(async (_o, cmd: Command) => {
      const { backtest } = await import('./commands/backtest.js')
      backtest(cmd.optsWithGlobals())
    })
}

/** `propdata wws`: WWS points, sector and maximum rent for homes given as JSON on stdin. */
function addWws(program: Command): void {
  program
    .command('wws')
    .description(
      'WWS points (as a range), sector and maximum rent of homes read as JSON on stdin (one object or an array)',
    )
    .option('--date <YYYY-MM-DD>', 'policy date: the rules and tables in force then (default: today)')
    .action(async (_o, cmd: Command) => {
      const { wws } = await import('./commands/wws.js')
      await wws(cmd.optsWithGlobals())
    })
}

/** `propdata serve`: the read-only API. */
function addServe(program: Command): void {
  program
    .command('serve')
    .description('Serve the read-only /v1 API from the database')
    .option('--port <n>', PORT_HELP)
    .option('--host <host>', 'address to bind (default: PROPDATA_HOST, else 127.0.0.1)')
    .action(async (_o, cmd: Command) => {
      const { serve } = await import('./commands/serve.js')
      await serve(cmd.optsWithGlobals())
    })
}

/** `propdata keys create|list|revoke`. */
function addKeys(program: Command): void {
  const keys = program.command('keys').description('Manage API keys (only SHA-256 hashes are stored)')
  keys
    .command('create')
    .argument('<name>', 'a name to recognise the key by, e.g. the client')
    .description('Create a key and print it once; it cannot be shown again')
    .action(async (name: string, _o, cmd: Command) => {
      const { createKey } = await import('./commands/keys.js')
      await createKey(name, cmd.optsWithGlobals())
    })
  keys
    .command('list')
    .description('List keys (name, prefix, created, revoked)')
    .action(async (_o, cmd: Command) => {
      const { listKeys } = await import('./commands/keys.js')
      await listKeys(cmd.optsWithGlobals())
    })
  keys
    .command('revoke')
    .argument('<name>', 'the key to revoke')
    .description('Revoke a key; the API refuses it within 5 seconds')
    .action(async (name: string, _o, cmd: Command) => {
      const { revokeKey } = await import('./commands/keys.js')
      await revokeKey(name, cmd.optsWithGlobals())
    })
}

/** `propdata sources` (list), `propdata sources check ID` and `propdata sources retire ID`. */
function addSources(program: Command): void {
  const sources = program
    .command('sources')
    .description(
      'List the sources, their kind, render mode, terms, evidence and last run; check one against its site; retire one',
    )
  const list = sources
    .command('list', { isDefault: true })
    .description('List the sources, their kind, render mode, terms, evidence and last run (the default)')
    .action(async (_o, cmd: Command) => {
      const { listSources } = await import('./commands/sources.js')
      await listSources(cmd.optsWithGlobals())
    })
  refuseWordsAfterDefault(sources, list)
  sources
    .command('check')
    .argument('<id>', 'the listing source to check (see propdata sources)')
    .description(
      "Fetch the source's robots.txt and first list page (its politeness, its render mode), parse the page and print what was found against the contract, one line per problem; exit 1 when there is one",
    )
    .option('--city <name>', 'the city to search (default: the first of its regions, else Amsterdam)')
    .option('--type <type>', 'rent or buy (default: rent when it lets homes)')
    .action(async (id: string, _o, cmd: Command) => {
      const { checkSourceCommand } = await import('./commands/sources-check.js')
      await checkSourceCommand(id, cmd.optsWithGlobals())
    })
  sources
    .command('retire')
    .argument('<id>', 'the listing source to retire (see propdata sources)')
    .description(
      'Withdraw every listing the source has on offer, in one published generation, and leave it out of runs over every source; its history stays',
    )
    .action(async (id: string, _o, cmd: Command) => {
      const { retire } = await import('./commands/sources.js')
      await retire(id, cmd.optsWithGlobals())
    })
}

/** `propdata runs [--limit N]` and `propdata runs show ID`: the run history. */
function addRuns(program: Command): void {
  const runs = program.command('runs').description('List recent runs, or show one in detail')
  const list = runs
    .command('list', { isDefault: true })
    .description('List recent runs, newest first (the default)')
    .option('--limit <n>', 'how many runs (default 20)')
    .action(async (_o, cmd: Command) => {
      const { listRuns } = await import('./commands/runs.js')
      await listRuns(cmd.optsWithGlobals())
    })
  refuseWordsAfterDefault(runs, list)
  runs
    .command('show')
    .argument('<id>', `the run id (see ${cliCommand('runs')})`)
    .description('Show one run: per source counts, problems, timings, archive, failed pages, rejects')
    .action(async (id: string, _o, cmd: Command) => {
      const { showRun } = await import('./commands/runs.js')
      await showRun(id, cmd.optsWithGlobals())
    })
}

/** `propdata report --html FILE`: the status page as one file. */
function addReport(program: Command): void {
  program
    .command('report')
    .description(
      'Write the status page (the last 30 runs per source, the market now, the registers) as one self-contained HTML file that opens offline',
    )
    .requiredOption('--html <file>', 'the HTML file to write (replaced if it exists)')
    .action(async (_o, cmd: Command) => {
      const { report } = await import('./commands/report.js')
      await report(cmd.optsWithGlobals())
    })
}

/** `propdata backup FILE`: a consistent copy of the database while it is in use. */
function addBackup(program: Command): void {
  program
    .command('backup')
    .argument('<file>', 'where the copy goes: a new file, or an existing one with --force')
    .description(
      'Copy the database consistently while the server or a run uses it (SQLite online backup, checked)',
    )
    .option('--force', 'replace FILE if it exists')
    .action(async (file: string, _o, cmd: Command) => {
      const { backup } = await import('./commands/backup.js')
      await backup(file, cmd.optsWithGlobals())
    })
}

/** `propdata export --to DIR`: the published generation as Parquet or CSV files, with a manifest. */
function addExport(program: Command): void {
  program
    .command('export')
    .description(
      'Write the published generation as files for analysts: listings, golden records (valued), price history, sources and runs, one file each, then manifest.json',
    )
    .requiredOption(
      '--to <dir>',
      'the folder to write into (created when missing); its files of an earlier export are replaced',
    )
    .option('--format <format>', 'parquet (default) or csv')
    .option(
      '--tables <names>',
      'comma-separated tables (default: all): listings, golden_records, price_history, sources, runs',
    )
    .action(async (_o, cmd: Command) => {
      const { exportCommand } = await import('./commands/export.js')
      await exportCommand(cmd.optsWithGlobals())
    })
}

/** `propdata replicate --to postgres://…`: the published generation copied to PostgreSQL. */
function addReplicate(program: Command): void {
  program
    .command('replicate')
    .description(
      "Copy the published generation to PostgreSQL (the rows changed since the replica's generation), switching its readers in one transaction",
    )
    .requiredOption('--to <url>', 'the PostgreSQL database: postgres://user:password@host:port/database')
    .option('--rebuild', 'empty the replica first and copy everything')
    .action(async (_o, cmd: Command) => {
      const { replicateCommand } = await import('./commands/replicate.js')
      await replicateCommand(cmd.optsWithGlobals())
    })
}

/**
 * A command with a default subcommand that takes no arguments (`runs` → `runs list`): commander hands it any word
 * that names no subcommand, so `runs shwo 3` would be "too many arguments for 'list'". Such a word is an unknown
 * subcommand of the parent instead, with commander's own message and suggestion ("Did you mean show?").
 */
function refuseWordsAfterDefault(parent: Command, fallback: Command): void {
  fallback.allowExcessArguments(true).hook('preAction', (command) => {
    if (command.args.length === 0) return
    parent.args = command.args
    // Commander's unknown-command error for `parent.args[0]`: public in its code, left out of its typings.
    ;(parent as unknown as { unknownCommand(): never }).unknownCommand()
  })
}

/** `propdata start` (what `npm start` runs): ingest the bundled sample, then serve it with a session key. */
function addStart(program: Command): void {
  program
    .command('start')
    .description(
      'The embedded default: ingest the bundled sample into data/sample.db (or --db), then serve it and print the URL and a key',
    )
    .option('--port <n>', PORT_HELP)
    .action(async (_o, cmd: Command) => {
      const { start } = await import('./commands/start.js')
      await start(cmd.optsWithGlobals())
    })
}
