import type { Config } from '../config.js'
import { createJsonRunLog } from '../ops/json-run-log.js'
import { createTtyProgress, type ProgressStream } from '../ops/tty-progress.js'
import type { Logger } from '../pipeline/logger.js'
import type { RunEvent } from '../pipeline/run-events.js'
import type { GlobalOptions } from './context.js'

/** How a run talks while it works: a logger, the run-event sink, and `close` once the run ended. */
export interface RunOutput {
  readonly logger: Logger
  readonly onEvent?: (event: RunEvent) => void
  close(): void
}

/**
 * Picks the run's output: live bars when stderr is a terminal, JSON lines (pino, with the run id) when it is not.
 * `--quiet` keeps only errors (the result still prints on stdout); `--verbose` adds debug detail such as every
 * failed page. Outside a terminal `PROPDATA_LOG_LEVEL` sets the level unless a flag does.
 */
export function createRunOutput(
  flags: GlobalOptions,
  config: Pick<Config, 'logLevel'>,
  stream: ProgressStream & { isTTY?: boolean } = process.stderr,
): RunOutput {
  if (stream.isTTY) {
    if (flags.quiet) {
      const error = (m: string) => stream.write(`error: ${m}\n`)
      return { logger: { debug() {}, info() {}, warn() {}, error }, close() {} }
    }
    const tty = createTtyProgress({ stream, verbose: flags.verbose })
    return { logger: tty.logger, onEvent: tty.onEvent, close: tty.close }
  }
  const level = flags.verbose ? 'debug' : flags.quiet ? 'error' : config.logLevel
  const json = createJsonRunLog({ level })
  return { logger: json.logger, onEvent: json.onEvent, close: json.close }
}
