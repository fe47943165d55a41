import { type Config, loadConfig } from '../config.js'
import type { Logger } from '../pipeline/logger.js'
import { openStore, type Store } from '../store/database.js'

/** Options every command shares. */
export interface GlobalOptions {
  readonly db?: string
  readonly json?: boolean
  readonly quiet?: boolean
  readonly verbose?: boolean
}

/** The settings with CLI flags applied over the environment (flag > env > default). */
export function configFrom(options: GlobalOptions): Config {
  const config = loadConfig()
  return options.db ? Object.freeze({ ...config, dbPath: options.db }) : config
}

/**
 * The settings of a command that fills a database with the bundled sample (`start`, `ingest --sample`): its database
 * is `--db`, else the sample's own (`data/sample.db`), never `PROPDATA_DB` or the live default.
 */
export function sampleConfigFrom(options: GlobalOptions): Config {
  const config = loadConfig()
  return Object.freeze({ ...config, dbPath: options.db ?? config.sampleDbPath })
}

/**
 * Opens the store for a command and closes it however the command ends. The database must exist: a mistyped `--db`
 * is an error, not a new, empty database.
 */
export function withStore<T>(config: Config, run: (store: Store) => Promise<T>): Promise<T> {
  return usingStore(config, false, run)
}

/** {@link withStore} for the commands that create data (`ingest`, `import`, `keys create`, `start`): a missing database is created. */
export function withStoreOrCreate<T>(config: Config, run: (store: Store) => Promise<T>): Promise<T> {
  return usingStore(config, true, run)
}

async function usingStore<T>(config: Config, create: boolean, run: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore(config.dbPath, { create })
  try {
    return await run(store)
  } finally {
    await store.close()
  }
}

/** Human-readable lines on stderr, so stdout stays clean for `--json`. */
export function createCliLogger(options: GlobalOptions): Logger {
  const write = (level: string, message: string) =>
    process.stderr.write(`${level === 'info' ? '' : `${level}: `}${message}\n`)
  return {
    debug: (m) => options.verbose && write('debug', m),
    info: (m) => !options.quiet && write('info', m),
    warn: (m) => !options.quiet && write('warn', m),
    error: (m) => write('error', m),
  }
}

/** Prints a result: JSON on stdout with `--json`, else the human text. */
export function printResult(options: GlobalOptions, json: unknown, text: () => string): void {
  process.stdout.write(options.json ? `${JSON.stringify(json, null, 2)}\n` : `${text()}\n`)
}
